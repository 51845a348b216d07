import { useId } from 'react';
import type { Completion } from '@starforge/contracts/bounties';
import { formatWhen } from '@starforge/contracts/shared';

/** The claimer's pending proof: what they wrote, their link (opened apart from this page), and when it was submitted. */
export function SubmittedSolution({ completion }: { completion: Completion }) {
  const ids = useId();
  return (
    <section className="sf-card" aria-labelledby={`${ids}-title`} data-testid="submitted-solution">
      <h2 id={`${ids}-title`}>Submitted Solution</h2>
      <p className="sf-muted">
        Submitted <time dateTime={completion.completed_at}>{formatWhen(completion.completed_at)}</time>
      </p>
      <p className="bounty-proof" data-testid="completion-proof">
        {completion.completion_proof}
      </p>
      {completion.completion_url ? (
        <p>
          <a href={completion.completion_url} target="_blank" rel="noopener noreferrer" className="sf-link" data-testid="completion-url">
            {completion.completion_url}
            <span className="sf-visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </section>
  );
}
