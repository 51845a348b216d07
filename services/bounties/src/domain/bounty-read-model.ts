import { BOUNTIES_PAGE_SIZE, type BountiesAnswer, type Bounty, type OpenBountiesQuery } from '@starforge/contracts/bounties';
import { containsPattern, type Db } from '@starforge/service-kit';
import { publicProfiles } from '@starforge/auth-published';
import { bountyNotFound } from './bounties-errors';

// The bounties' read model: a bounty and its pages as each viewer sees them. Its commands
// (post, claim, close) are in bounty-commands.ts.

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
  left join ${publicProfiles(db)} u on u.id = b.submitted_by
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
