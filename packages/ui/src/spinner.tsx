/** A spinner that screen readers announce as a status. */
export function Spinner({ label = 'Loading...', size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`sf-spinner sf-spinner-${size}`} role="status" aria-live="polite">
      <span className="sf-spinner-ring" aria-hidden="true" />
      <span className="sf-visually-hidden">{label}</span>
    </span>
  );
}

/** A whole-screen spinner, shown while the session loads. */
export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="sf-fullpage-center">
      <Spinner label={label} size="lg" />
    </div>
  );
}
