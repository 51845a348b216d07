import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@starforge/host';
import { IMAGE_ACCEPT, imageFileIssue } from '../lib/image-file';
import { useObjectUrl } from '../lib/use-object-url';
import './fields.css';

interface ImagePickerProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form's message for the image (required, or the server refused the bytes). */
  error?: string | null;
  required?: boolean;
  /** Show the chosen image under the input (the creator shows it in its preview panel instead). */
  preview?: boolean;
}

/**
 * The image field of the wizard and the creator: a labelled file input that checks the type and
 * the 10 MiB limit before anything is uploaded (spec section 5), announces a refusal, and shows
 * the chosen image. Nothing is uploaded here: the form uploads when it is submitted.
 */
export function ImagePicker({ label, file, onChange, error = null, required = false, preview = true }: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [issue, setIssue] = useState<string | null>(null);
  const url = useObjectUrl(preview ? file : null);
  // A file that says it is an image but is not (the server will say so when it is sent): no broken picture.
  const [undecodable, setUndecodable] = useState<string | null>(null);

  // The form was reset: the input forgets the file it shows too.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const problem = imageFileIssue(chosen);
    setIssue(problem);
    if (problem) {
      event.target.value = '';
      toast.error(problem);
      onChange(null);
      return;
    }
    onChange(chosen);
  };

  const shown = issue ?? error;
  return (
    <div className="sf-field nft-image-picker">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={pick}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="sf-field-hint">
        PNG, JPEG, GIF or WebP, up to 10MB.
      </p>
      {shown ? (
        <p id={`${id}-error`} className="sf-field-error" role="alert">
          {shown}
        </p>
      ) : null}
      {url && file && undecodable !== url ? (
        <img className="nft-image-preview" src={url} alt={`Preview of ${file.name}`} data-testid="nft-image-preview" onError={() => setUndecodable(url)} />
      ) : null}
      {url && undecodable === url ? <p className="sf-field-hint">This file cannot be previewed.</p> : null}
    </div>
  );
}
