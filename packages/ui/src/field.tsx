import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
};

/** Ids that bind a field's input to its hint and error. */
const useFieldIds = (id: string | undefined, hint: ReactNode, error: string | null | undefined) => {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
};

/** The frame every field shares: the visible, bound label, the control, then hint and error. */
function FieldFrame({
  label,
  hint,
  error,
  className,
  ids,
  children,
}: {
  label: string;
  hint: ReactNode;
  error: string | null | undefined;
  className: string | undefined;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}) {
  return (
    <div className={`sf-field ${className ?? ''}`}>
      <label htmlFor={ids.inputId}>{label}</label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="sf-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="sf-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input; the label is visible and bound, hints and errors are described-by. */
export function Field({ label, hint, error, id, className, ...input }: FieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <input id={ids.inputId} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle button; hints and errors as in Field. */
export function PasswordField({ label, hint, error, id, className, ...input }: Omit<FieldProps, 'type'>) {
  const ids = useFieldIds(id, hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <div className="sf-password">
        <input id={ids.inputId} type={visible ? 'text' : 'password'} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
        <button
          type="button"
          className="sf-password-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={ids.inputId}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldFrame>
  );
}

/** A labelled textarea; hints (a counter) and errors as in Field. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; hint?: ReactNode; error?: string | null; id?: string }) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <textarea id={ids.inputId} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...textarea} />
    </FieldFrame>
  );
}

/** A choice of a select: its value and, when they differ, what it shows. */
export type SelectOption = string | { value: string; label: string };

/** A labelled select of the given options, with an optional empty first choice ('Select a category'); hints and errors as in Field. */
export function SelectField({
  label,
  hint,
  error,
  id,
  className,
  options,
  placeholder,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <select id={ids.inputId} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const { value, label: shown } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {shown}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}
