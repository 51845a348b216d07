import { useRef } from 'react';
import type { CompletionAnswer } from '@starforge/contracts/bounties';
import { bountiesErrorCodes } from '@starforge/contracts/bounties';
import { ApiRequestError, authedRequest, useLiveResource } from '@starforge/host';

export const completionPath = (bountyId: string): string => `/api/bounties/bounties/${encodeURIComponent(bountyId)}/completion`;

/** GET /api/bounties/bounties/:id/completion: the bounty and the claimer's own completion (null before the first); only the claimer may read it. */
const getCompletion = (bountyId: string): Promise<CompletionAnswer> => authedRequest<CompletionAnswer>(completionPath(bountyId), { method: 'GET' });

const notClaimer = (error: unknown): boolean => error instanceof ApiRequestError && error.code === bountiesErrorCodes.notClaimer;

// Not (or no longer) its claimer is an answer the screen acts on, not a fault.
const failure = { what: 'the bounty and its completion', expected: notClaimer };

/**
 * The claimer's view of a bounty, read again when its creator reviews the completion (the
 * claimer's `bounties.completion_reviewed`): approval or rejection, with the notes, shows at once;
 * when its proof's run has a verdict (`bounties.proof_run_finished`, issue 28);
 * and when the claim ends (`bounties.claim_ended`): then the caller is no longer its claimer, and
 * `ended` says so while the last view stays on screen.
 * `failed` is a failure of a read made since this view mounted with nothing to show.
 */
export const useCompletion = (bountyId: string) => {
  const { status, data, error, refetch } = useLiveResource({
    key: completionPath(bountyId),
    load: () => getCompletion(bountyId),
    events: ['bounties.completion_reviewed', 'bounties.claim_ended', 'bounties.proof_run_finished'],
    failure,
  });
  const earlier = useRef(error);
  const failed = status === 'error' && data === undefined && error !== earlier.current;
  // The creator opening the claimer's screen (a statement row of their hold or its return links
  // here) is sent to the bounty's review screen instead of away with a failure.
  const creatorHere = failed && notClaimer(error);
  const ended = status === 'error' && data !== undefined && notClaimer(error);
  return { answer: data, failed: failed && !creatorHere, creatorHere, ended, refetch };
};
