import { useEffect, useRef, useState } from 'react';

interface ConfirmButtonProps {
  /** The first button ('Downgrade'). */
  label: string;
  /** What pressing it will do, asked before it is done. */
  question: string;
  /** The button that does it ('Confirm Downgrade'), and the one that does not. */
  confirm: string;
  cancel?: string;
  busy: boolean;
  onConfirm: () => void;
  /** Why the last try failed, said under the button (an alert). */
  error?: string | null;
}

/**
 * A button that asks first: pressing it shows the question with a confirm and a cancel button in
 * its place (focus moves to the question's confirm); Cancel or Escape puts the first button back,
 * focused. A failure's message (`error`) shows under it.
 */
export function ConfirmButton({ error, ...props }: ConfirmButtonProps) {
  return (
    <>
      <AskFirst {...props} />
      {error ? (
        <p className="sf-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

function AskFirst({ label, question, confirm, cancel = 'Cancel', busy, onConfirm }: Omit<ConfirmButtonProps, 'error'>) {
  const [asking, setAsking] = useState(false);
  const cancelled = useRef(false);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!asking && cancelled.current) {
      cancelled.current = false;
      first.current?.focus();
    }
  }, [asking]);
  const stopAsking = () => {
    cancelled.current = true;
    setAsking(false);
  };
  if (!asking) {
    return (
      <button ref={first} type="button" className="sf-btn sf-btn-secondary" onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    );
  }
  return (
    <fieldset
      className="sf-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') stopAsking();
      }}
    >
      <legend>{question}</legend>
      <div className="sf-confirm-actions">
        <button
          type="button"
          className="sf-btn sf-btn-danger"
          // biome-ignore lint/a11y/noAutofocus: the question replaces the button that was pressed, so focus follows it.
          autoFocus
          disabled={busy}
          aria-busy={busy}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirm}
        </button>
        <button type="button" className="sf-btn sf-btn-ghost" onClick={stopAsking} disabled={busy}>
          {cancel}
        </button>
      </div>
    </fieldset>
  );
}
