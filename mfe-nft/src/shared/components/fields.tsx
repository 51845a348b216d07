import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './fields.css';

interface FrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

/** Ids that bind a control to its visible label, hint and error (as the ui kit's Field does for inputs). */
const useFrame = ({ hint, error }: FrameProps) => {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { id, control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const };
};

function Frame({ id, label, hint, error, children }: FrameProps & { id: string; children: ReactNode }) {
  return (
    <div className="sf-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="sf-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="sf-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled textarea with its hint (the description's counter) and error. */
export function TextAreaField({ label, hint, error, ...textarea }: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { id, control } = useFrame({ label, hint, error });
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea {...control} {...textarea} />
    </Frame>
  );
}

/** A labelled select of fixed options, with an optional empty first choice ('Select a category'). */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: FrameProps & { options: readonly string[]; placeholder?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'>) {
  const { id, control } = useFrame({ label, hint, error });
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select {...control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Frame>
  );
}
