import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
};

/** A labelled input; the label is visible and bound, hints and errors are described-by. */
export function Field({ label, hint, error, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`sf-field ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...input} />
      {hint ? (
        <p id={hintId} className="sf-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="sf-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle button; hints and errors as in Field. */
export function PasswordField({ label, hint, error, id, className, ...input }: Omit<FieldProps, 'type'>) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`sf-field ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="sf-password">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...input}
        />
        <button
          type="button"
          className="sf-password-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={inputId}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="sf-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="sf-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
