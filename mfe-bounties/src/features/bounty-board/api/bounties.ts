import type { BountiesAnswer } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { authedRequest, useKeptLiveResource } from '@starforge/host';

/** GET /api/bounties/bounties?page=&project=: every bounty (or one project's), newest first, 24 a page. */
const getBounties = (url: string): Promise<BountiesAnswer> => authedRequest<BountiesAnswer>(url, { method: 'GET' });

const failure = { what: 'the bug bounties', announce: bountiesMessages.loadBountiesFailed };

/**
 * A page of the bounty grid, read again whenever any bounty is posted, claimed, reopened or
 * closed (the public `bounties.bounty_changed`), and when a claim deadline the caller sees moves
 * (a completion submitted to them or reviewed for them, a claim of theirs ended), never polled. While another page or project loads, the
 * last grid shown stays (marked stale) instead of blanking.
 */
export const useBounties = ({ project, page }: { project: string | null; page: number }) => {
  const params = new URLSearchParams({ page: String(page) });
  if (project) params.set('project', project);
  const url = `/api/bounties/bounties?${params}`;
  return useKeptLiveResource({
    key: url,
    load: () => getBounties(url),
    events: ['bounties.bounty_changed', 'bounties.completion_submitted', 'bounties.completion_reviewed', 'bounties.claim_ended'],
    failure,
  });
};
