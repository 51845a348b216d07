import { useId, useState } from 'react';
import type { Bounty, Completion } from '@starforge/contracts/bounties';
import { bountiesMessages, REVIEW_NOTES_MAX } from '@starforge/contracts/bounties';
import { formatCents } from '@starforge/contracts/shared';
import { failureMessage, useFormAction } from '@starforge/host';
import { TextAreaField } from '@starforge/ui';
import { useReviewCompletion } from '../api/review-completion';

type Decision = 'approve' | 'reject';

/**
 * The creator's decision on the pending completion, with optional notes the claimer reads:
 * 'Approve & Release Payment' ('Bounty completion approved and payment released!') or 'Reject
 * Completion' ('Bounty completion rejected'); a failure says 'Failed to process approval', or the
 * server's own words for a refusal (approved meanwhile, nothing pending).
 */
export function ReviewForm({ bounty, completion, onReviewed }: { bounty: Bounty; completion: Completion; onReviewed: (reviewed: Completion) => void }) {
  const ids = useId();
  const [notes, setNotes] = useState('');
  const review = useReviewCompletion();
  const form = useFormAction({
    name: 'completion review',
    check: (decision: Decision) => ({ ok: true, decision }) as const,
    run: (input) => review.run(bounty.id, { completion_id: completion.id, decision: input.decision, review_notes: notes }),
    success: (_answer, input) => (input.decision === 'approve' ? bountiesMessages.approved : bountiesMessages.rejected),
    onSuccess: (answer) => {
      setNotes('');
      onReviewed(answer.completion);
    },
    failure: (error) => failureMessage(error, { fallback: bountiesMessages.reviewFailed }),
  });

  return (
    <section className="sf-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Your Review</h2>
      <TextAreaField
        label="Review notes"
        rows={4}
        maxLength={REVIEW_NOTES_MAX}
        placeholder="What the claimer should know: what is missing, or why it is accepted..."
        hint="The claimer sees these notes with your decision."
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <div className="bounty-actions">
        <button type="button" className="sf-btn sf-btn-primary" onClick={() => void form.run('approve')} disabled={review.busy} aria-busy={review.busy}>
          {bountiesMessages.approveButton}
        </button>
        <button type="button" className="sf-btn sf-btn-danger" onClick={() => void form.run('reject')} disabled={review.busy}>
          {bountiesMessages.rejectButton}
        </button>
      </div>
      <p className="sf-field-hint">Approving pays the held reward of {formatCents(bounty.reward_cents)} to the claimer and closes the bounty.</p>
      {form.error ? (
        <p className="sf-field-error bounty-form-error" role="alert">
          {form.error}
        </p>
      ) : null}
    </section>
  );
}
