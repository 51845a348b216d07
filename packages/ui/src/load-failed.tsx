export interface LoadFailedProps {
  /** The screen's words for the failed read (spec section 8: 'Failed to load projects', …). */
  title: string;
  /** Reads again. */
  onRetry: () => void;
  /** The heading's id, which names the section. */
  titleId: string;
  /** The screen's empty-state class, for its spacing. */
  className: string;
}

/** A list or order that could not be read: its failure as a heading, and 'Try again'. */
export function LoadFailed({ title, onRetry, titleId, className }: LoadFailedProps) {
  return (
    <section className={`sf-card ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <button type="button" className="sf-btn sf-btn-primary" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
