import type { BountiesAnswer, OpenBountiesQuery } from '@starforge/contracts/bounties';
import { jsonText, NotifiedCache, type Db, type JsonText, type Sql } from '@starforge/service-kit';
import { bountyPageAs, readOpenBountiesPage, type SharedBountyPage } from './bounty-read-model';

/** A page of the open-bounties list as every viewer shares it, and its JSON for most of them. */
interface OpenBountiesPage extends SharedBountyPage {
  /** The answer for a viewer who neither created nor claimed any of these bounties (most viewers), serialized once. */
  anyone: JsonText<BountiesAnswer>;
}

/** The channel migration 00003's triggers notify (the writing transaction's id) when an open bounty, or its project's name, changes. */
export const OPEN_BOUNTIES_CHANGED_CHANNEL = 'bounties_open_changed';

/** At most this long a kept page is served: a creator's new display name, which no bounty's change announces, shows within it. */
const OPEN_PAGE_MAX_AGE_MS = 30_000;

/** Open-bounties pages kept in this process, emptied by every change to an open bounty (any copy's); see `openBountiesPageCache`. */
export type OpenBountiesPageCache = NotifiedCache<OpenBountiesPage>;

/**
 * The process's open-bounties pages, by (q, page), at most `capacity` of them (about 20 KB each),
 * each kept until migration 00003 notifies a change (a bounty posted, claimed, closed, its review
 * time set; a project renamed) and at most `maxAgeMs`: auth's display names are bounded by it.
 * `onNotify` is told each notification's transaction id (tests wait for their own change).
 */
export const openBountiesPageCache = (
  sql: Sql,
  { capacity = 500, maxAgeMs = OPEN_PAGE_MAX_AGE_MS, onNotify }: { capacity?: number; maxAgeMs?: number; onNotify?: (transactionId: string) => void } = {},
): OpenBountiesPageCache =>
  new NotifiedCache<OpenBountiesPage>(sql, { channel: OPEN_BOUNTIES_CHANGED_CHANNEL, capacity, maxAgeMs, ...(onNotify ? { onNotify } : {}) });

const readPage = async (db: Db, query: OpenBountiesQuery): Promise<OpenBountiesPage> => {
  const found = await readOpenBountiesPage(db, query);
  return { ...found, anyone: jsonText(bountyPageAs(found, null, query.page)) };
};

/**
 * The open-bounties list's answer for `viewerId`, as JSON: the page from `cache` when given (a
 * kept page is shared by every viewer; only `created_by_me` and `claimed_by_me` are the viewer's),
 * else read now; with `query.seen` (a `bounties.bounty_changed`'s transaction), never a page read
 * before that transaction; `fresh` (the caller's own change, `Cache-Control: no-cache`), read now
 * and kept. A viewer with none of the page gets its JSON as it was made once.
 */
export const openBountiesAnswer = async (
  db: Db,
  viewerId: string,
  query: OpenBountiesQuery,
  cache?: OpenBountiesPageCache,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<JsonText<BountiesAnswer>> => {
  const found = cache ? await cache.get(`${query.page}:${query.q}`, () => readPage(db, query), { seen: query.seen, fresh }) : await readPage(db, query);
  return found.bounties.some((b) => b.submittedBy === viewerId || b.claimedBy === viewerId)
    ? jsonText(bountyPageAs(found, viewerId, query.page))
    : found.anyone;
};
