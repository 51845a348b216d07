import { useRef } from 'react';
import './source-code.css';
import { CONTRACT_SOURCE_MAX_BYTES } from '@starforge/contracts/rewards';
import { sourceSize } from './source-size';

interface SourceEditorProps {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  /** Read-only: a finished run's source, shown with its line numbers. */
  readOnly?: boolean;
  /** 1-based lines to mark (a compiler error's line). */
  markedLines?: readonly number[];
}

/**
 * A Solidity source in a monospace text area with its line numbers beside it, so a compiler
 * error's "line 12" can be found. A plain textarea: the browser's own editing, undo and
 * accessibility, no editor library in the page for one field.
 */
export function SourceEditor({ id, label, value, onChange, readOnly = false, markedLines = [] }: SourceEditorProps) {
  const gutter = useRef<HTMLDivElement>(null);
  const lines = value.split('\n').length;
  const size = sourceSize(value);
  const marked = new Set(markedLines);
  return (
    <div className="sf-field sf-source">
      <label htmlFor={id}>{label}</label>
      <div className="sf-source-frame">
        <div className="sf-source-gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lines }, (_, i) => (
            <span key={i} className={marked.has(i + 1) ? 'is-marked' : undefined}>
              {i + 1}
            </span>
          ))}
        </div>
        <textarea
          id={id}
          className="sf-source-text"
          value={value}
          readOnly={readOnly}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          rows={Math.min(Math.max(lines, 8), 24)}
          aria-describedby={readOnly ? undefined : `${id}-size`}
          onChange={(e) => onChange?.(e.target.value)}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
      {readOnly ? null : (
        <p id={`${id}-size`} className={`sf-muted sf-source-size${size.tooLarge ? ' is-over' : ''}`}>
          {size.text} of {Math.round(CONTRACT_SOURCE_MAX_BYTES / 1024)} KiB
        </p>
      )}
    </div>
  );
}
