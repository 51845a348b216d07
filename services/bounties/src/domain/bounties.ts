import type { z } from 'zod';
import {
  BOUNTIES_PAGE_SIZE,
  bountyLedgerDescriptions,
  type BountiesAnswer,
  type Bounty,
  type createBountySchema,
  type OpenBountiesQuery,
} from '@starforge/contracts';
import {
  containsPattern,
  crossUserTransaction,
  publishEvent,
  publishPublicEvent,
  transaction,
  type Db,
  type Jobs,
  type ValueMove,
} from '@starforge/service-kit';
import { lapseTimeSql, scheduleClaimLapse } from './claim-lapse-job';
import { newestVersionId } from './code-versions';
import { activeProjectOf } from './projects';
import { isPro } from './plans';
import {
  availableCentsOfRefusal,
  bountyNotFound,
  insufficientFunds,
  notClosable,
  notCreatorToClose,
  notOpen,
  ownBounty,
  projectNotActive,
  proRequired,
} from './bounties-errors';

export type NewBounty = z.output<typeof createBountySchema>;

/**
 * The ledger keys of a bounty's reward (rewards' idempotency key per user and effect): held once
 * from the creator, then either paid once to the claimer or returned once to the creator.
 */
export const fundingKeys = {
  hold: (bountyId: string) => `bounty:${bountyId}:hold`,
  payout: (bountyId: string) => `bounty:${bountyId}:payout`,
  return: (bountyId: string) => `bounty:${bountyId}:return`,
};

/** The statement's link of every row of a bounty's reward. */
export const bountySource = (bountyId: string) => ({ type: 'bounty' as const, id: bountyId });

/** What auth's public_profiles says for a user without a row (none in practice). */
const NAMELESS_USER = 'Starforge user';

interface BountyRow {
  id: string;
  title: string;
  description: string;
  severity: Bounty['severity'];
  rewardCents: string;
  projectId: string;
  projectName: string;
  status: Bounty['status'];
  createdAt: Date;
  creatorName: string | null;
  submittedBy: string;
  claimedBy: string | null;
  reviewSeconds: number | null;
  claimDays: number;
  claimLapsesAt: Date | null;
  codeVersion: number | null;
}

/**
 * A bounty as every viewer shares it, with the ids `created_by_me` and `claimed_by_me` are told
 * from and the claim's deadline, which only those two see (kept in the service, never sent).
 */
interface SharedBounty {
  submittedBy: string;
  claimedBy: string | null;
  claimLapsesAt: string | null;
  bounty: Omit<Bounty, 'created_by_me' | 'claimed_by_me' | 'claim_lapses_at'>;
}

const sharedOf = (r: BountyRow): SharedBounty => ({
  submittedBy: r.submittedBy,
  claimedBy: r.claimedBy,
  claimLapsesAt: r.claimLapsesAt?.toISOString() ?? null,
  bounty: {
    id: r.id,
    title: r.title,
    description: r.description,
    severity: r.severity,
    reward_cents: Number(r.rewardCents),
    project_id: r.projectId,
    project_name: r.projectName,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    creator_name: r.creatorName ?? NAMELESS_USER,
    review_seconds: r.reviewSeconds,
    claim_days: r.claimDays,
    code_version: r.codeVersion,
  },
});

/** The bounty as `viewerId` sees it (null: a viewer who neither created nor claimed it); the claim's deadline is theirs alone. */
const bountyAs = ({ submittedBy, claimedBy, claimLapsesAt, bounty }: SharedBounty, viewerId: string | null): Bounty => {
  const { review_seconds, claim_days, ...rest } = bounty;
  const createdByMe = submittedBy === viewerId;
  const claimedByMe = claimedBy !== null && claimedBy === viewerId;
  return {
    ...rest,
    created_by_me: createdByMe,
    claimed_by_me: claimedByMe,
    review_seconds,
    claim_days,
    claim_lapses_at: createdByMe || claimedByMe ? claimLapsesAt : null,
  };
};

/**
 * A bounty from `b` (bug_bounties) joined by `bountyJoins`: its project's name, its creator's
 * display name from auth's public_profiles, and who created and claimed it.
 */
const bountyColumns = (db: Db) => db`
  b.id, b.title, b.description, b.severity, b.reward_cents, b.project_id, p.name as project_name, b.status, b.created_at,
  u.display_name as creator_name, b.submitted_by, b.claimed_by, b.review_seconds, b.claim_days, b.claim_lapses_at,
  cv.version as code_version`;
const bountyJoins = (db: Db) => db`
  join bounties.projects p on p.id = b.project_id
  left join auth.public_profiles u on u.id = b.submitted_by
  left join bounties.project_code_versions cv on cv.id = b.code_version_id`;

/** One bounty as `viewerId` sees it (any signed-in user may read any bounty; the proof is elsewhere). */
export const readBounty = async (db: Db, viewerId: string, bountyId: string): Promise<Bounty> => {
  const [row] = await db<BountyRow[]>`select ${bountyColumns(db)} from bounties.bug_bounties b ${bountyJoins(db)} where b.id = ${bountyId}`;
  if (!row) throw bountyNotFound();
  return bountyAs(sharedOf(row), viewerId);
};

/** A page of bounties as every viewer shares it, with the total. */
export interface SharedBountyPage {
  bounties: SharedBounty[];
  total: number;
}

/** The page as `viewerId` sees it (null: a viewer who neither created nor claimed any of it). */
export const bountyPageAs = ({ bounties, total }: SharedBountyPage, viewerId: string | null, page: number): BountiesAnswer => ({
  bounties: bounties.map((b) => bountyAs(b, viewerId)),
  total,
  page,
  page_size: BOUNTIES_PAGE_SIZE,
});

/**
 * A page of bounties and the total of `filter` (a condition on `b`, bug_bounties), in one
 * statement: the total and the page's 24 ids are found on bug_bounties alone (its newest-first
 * indexes, or the trigram index of a search), and only those 24 joined to names, as marketplace's
 * search does. The total's row is there even when the page is empty.
 */
const pageOf = async (db: Db, page: number, filter: ReturnType<Db>): Promise<SharedBountyPage> => {
  const rows = await db<(BountyRow & { total: string })[]>`
    select t.total, r.*
    from (select count(*) as total from bounties.bug_bounties b where true ${filter}) t
    left join lateral (
      select ${bountyColumns(db)}
      from (
        select id from bounties.bug_bounties b where true ${filter}
        order by created_at desc, id desc
        limit ${BOUNTIES_PAGE_SIZE} offset ${(page - 1) * BOUNTIES_PAGE_SIZE}
      ) page
      join bounties.bug_bounties b on b.id = page.id
      ${bountyJoins(db)}
    ) r on true
    order by r.created_at desc, r.id desc`;
  return { bounties: rows.filter((r) => r.id !== null).map(sharedOf), total: Number(rows[0]?.total ?? 0) };
};

/** The /bounties grid: every bounty (optionally of one project), newest first, 24 a page with the total. */
export const listBounties = async (db: Db, viewerId: string, { page, project }: { page: number; project?: string | undefined }) =>
  bountyPageAs(await pageOf(db, page, project === undefined ? db`` : db`and b.project_id = ${project}`), viewerId, page);

/**
 * A page of the open-bounties list as every viewer shares it: open bounties, newest first, 24 a
 * page with the total; `q` matched case-insensitively on the title, description and project name
 * (the bounty's search_text, migration 00002, on its trigram index of open rows when the server
 * has pg_trgm). `openBountiesAnswer` (open-bounty-pages.ts) keeps it and tells each viewer theirs.
 */
export const readOpenBountiesPage = (db: Db, { q, page }: OpenBountiesQuery) =>
  pageOf(db, page, q === '' ? db`and b.status = 'open'` : db`and b.status = 'open' and b.search_text ilike ${containsPattern(q)}`);

/**
 * Posts a funded bounty, in one `crossUserTransaction`: the creator is Pro (403 pro_required),
 * the project is one of the creator's own active projects (400 project_not_active; both rows
 * taken `for share` until commit, so a save of its code waits), the bounty row inserted against the
 * project's newest code version (none: null), then its reward held from the
 * creator's cash (`rewards.debit_cash`, kind bounty_reward, key `bounty:<id>:hold`; a $0 reward
 * moves nothing) and last the public `bounties.bounty_changed` (open). A reward above the cash is
 * refused by rewards (RW002): 400 insufficient_funds naming the cash available, nothing posted.
 */
export const createBounty = async (db: Db, creatorId: string, input: NewBounty): Promise<Bounty> => {
  try {
    const { result: bountyId } = await crossUserTransaction(db, async (tx) => {
      if (!(await isPro(tx, creatorId))) throw proRequired();
      if (!(await activeProjectOf(tx, input.project_id, creatorId))) throw projectNotActive();
      const [row] = await tx<{ id: string }[]>`
        insert into bounties.bug_bounties (title, description, severity, reward_cents, project_id, submitted_by, claim_days, code_version_id)
        values (${input.title}, ${input.description}, ${input.severity}, ${input.reward}, ${input.project_id}, ${creatorId}, ${input.claim_days},
                ${await newestVersionId(tx, input.project_id)})
        returning id`;
      if (!row) throw new Error('no bounty inserted');
      const hold: ValueMove = {
        op: 'debit_cash',
        userId: creatorId,
        cents: input.reward,
        kind: 'bounty_reward',
        description: bountyLedgerDescriptions.hold(input.title),
        source: bountySource(row.id),
        key: fundingKeys.hold(row.id),
      };
      return { result: row.id, moves: [hold], publicEvents: [{ type: 'bounties.bounty_changed', data: { bountyId: row.id, status: 'open' } }] };
    });
    return await readBounty(db, creatorId, bountyId);
  } catch (error) {
    const available = availableCentsOfRefusal(error);
    if (available !== null) throw insufficientFunds(available);
    throw error;
  }
};

/**
 * Claims an open bounty for `claimerId` in one conditional update (status still open, not the
 * claimer's own): of simultaneous claims one updates the row, the others then find it claimed
 * (409 bounty_not_open). The claim lapses after the bounty's `claim_days` unless a completion is
 * pending then (issue 26): its deadline is set and its lapse job enqueued in the same
 * transaction. Tells the creator (`bounties.bounty_claimed`), then every open list
 * (`bounties.bounty_changed`, claimed), in that order (a user event after a public one is refused).
 */
export const claimBounty = (db: Db, jobs: Jobs, claimerId: string, bountyId: string): Promise<Bounty> =>
  transaction(db, async (tx) => {
    const [claimed] = await tx<{ submittedBy: string; claimLapsesAt: Date }[]>`
      update bounties.bug_bounties
      set status = 'claimed', claimed_by = ${claimerId}, claimed_at = clock_timestamp(), claim_lapses_at = ${lapseTimeSql(tx, tx`clock_timestamp()`)}
      where id = ${bountyId} and status = 'open' and submitted_by <> ${claimerId}
      returning submitted_by, claim_lapses_at`;
    if (!claimed) {
      const [found] = await tx<{ submittedBy: string }[]>`select submitted_by from bounties.bug_bounties where id = ${bountyId}`;
      if (!found) throw bountyNotFound();
      if (found.submittedBy === claimerId) throw ownBounty();
      throw notOpen();
    }
    await scheduleClaimLapse(tx, jobs, bountyId, claimed.claimLapsesAt);
    await publishEvent(tx, { userId: claimed.submittedBy, type: 'bounties.bounty_claimed', data: { bountyId } });
    await publishPublicEvent(tx, { type: 'bounties.bounty_changed', data: { bountyId, status: 'claimed' } });
    return readBounty(tx, claimerId, bountyId);
  });

/**
 * Closes an open bounty of the caller's (one conditional update: 403 not_creator for anyone
 * else, 409 bounty_not_closable once claimed or closed) and returns its held reward to the
 * creator (`rewards.credit_cash`, key `bounty:<id>:return`), then `bounties.bounty_changed` (closed).
 * A claim and a close race on the same row: whichever updates it first wins, so a reward is
 * either paid or returned, never both.
 */
export const closeBounty = async (db: Db, creatorId: string, bountyId: string): Promise<Bounty> => {
  await crossUserTransaction(db, async (tx) => {
    const [closed] = await tx<{ title: string; rewardCents: string }[]>`
      update bounties.bug_bounties set status = 'closed', closed_at = clock_timestamp()
      where id = ${bountyId} and submitted_by = ${creatorId} and status = 'open'
      returning title, reward_cents`;
    if (!closed) {
      const [found] = await tx<{ submittedBy: string }[]>`select submitted_by from bounties.bug_bounties where id = ${bountyId}`;
      if (!found) throw bountyNotFound();
      if (found.submittedBy !== creatorId) throw notCreatorToClose();
      throw notClosable();
    }
    const giveBack: ValueMove = {
      op: 'credit_cash',
      userId: creatorId,
      cents: Number(closed.rewardCents),
      kind: 'bounty_reward',
      description: bountyLedgerDescriptions.return(closed.title),
      source: bountySource(bountyId),
      key: fundingKeys.return(bountyId),
    };
    return { result: bountyId, moves: [giveBack], publicEvents: [{ type: 'bounties.bounty_changed', data: { bountyId, status: 'closed' } }] };
  });
  return readBounty(db, creatorId, bountyId);
};
