import { useRef } from 'react';
import type { CompletionAnswer } from '@starforge/contracts/bounties';
import { authedRequest, useLiveResource } from '@starforge/host';

export const reviewPath = (bountyId: string): string => `/api/bounties/bounties/${encodeURIComponent(bountyId)}/review`;

/** GET /api/bounties/bounties/:id/review: the bounty and its pending completion (null when none); only the creator may read it. */
const getReview = (bountyId: string): Promise<CompletionAnswer> => authedRequest<CompletionAnswer>(reviewPath(bountyId), { method: 'GET' });

/**
 * The creator's view of a bounty, read again when its claimer submits or updates a completion
 * (the creator's `bounties.completion_submitted`), so a new proof shows without a reload, and
 * when the claim ends (`bounties.claim_ended`: released or lapsed, the bounty open again), and
 * when the completion's proof run has a verdict (`bounties.proof_run_finished`, issue 28).
 * `failed` is a failure of a read made since this view mounted with nothing to show.
 */
export const useReview = (bountyId: string) => {
  const { status, data, error, refetch } = useLiveResource({
    key: reviewPath(bountyId),
    load: () => getReview(bountyId),
    events: ['bounties.completion_submitted', 'bounties.claim_ended', 'bounties.proof_run_finished'],
    failure: { what: 'the bounty and its pending completion' },
  });
  const earlier = useRef(error);
  return { answer: data, failed: status === 'error' && data === undefined && error !== earlier.current, refetch };
};
