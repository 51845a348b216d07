import { useRef } from 'react';
import type { CompletionAnswer } from '@starforge/contracts/bounties';
import { bountiesErrorCodes } from '@starforge/contracts/bounties-constants';
import { ApiRequestError, authedRequest, useLiveResource } from '@starforge/host';

export const completionPath = (bountyId: string): string => `/api/bounties/bounties/${encodeURIComponent(bountyId)}/completion`;

/** GET /api/bounties/bounties/:id/completion: the bounty and the claimer's own completion (null before the first); only the claimer may read it. */
const getCompletion = async (bountyId: string): Promise<CompletionAnswer> => {
  try {
    return await authedRequest<CompletionAnswer>(completionPath(bountyId), { method: 'GET' });
  } catch (error) {
    // Not (or no longer) its claimer is an answer the screen acts on, not a fault.
    if (!(error instanceof ApiRequestError && error.code === bountiesErrorCodes.notClaimer))
      console.error('the bounty and its completion could not be read', error);
    throw error;
  }
};

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
  });
  const earlier = useRef(error);
  const failed = status === 'error' && data === undefined && error !== earlier.current;
  // The creator opening the claimer's screen (a statement row of their hold or its return links
  // here) is sent to the bounty's review screen instead of away with a failure.
  const creatorHere = failed && error instanceof ApiRequestError && error.code === bountiesErrorCodes.notClaimer;
  const ended = status === 'error' && data !== undefined && error instanceof ApiRequestError && error.code === bountiesErrorCodes.notClaimer;
  return { answer: data, failed: failed && !creatorHere, creatorHere, ended, refetch };
};
