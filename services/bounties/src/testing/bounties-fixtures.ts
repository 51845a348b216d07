import { randomUUID } from 'node:crypto';
import type { Bounty, CreateBountyRequest } from '@starforge/contracts/bounties';
import type { Sql } from '@starforge/service-kit';
import { callAs, signIn, type BountiesTestContext, type TestUser } from './harness';

/**
 * Setup for the bounty, completion and review tests: a user's Pro plan, projects and cash written
 * as the plans' routes and rewards leave them, and bounties posted through the route.
 */

/** The user on the Pro plan from now (the row an upgrade leaves in bounties.user_subscriptions). */
const makePro = (sql: Sql, userId: string) =>
  sql`insert into bounties.user_subscriptions (user_id, subscription_tier, is_active, started_at)
      values (${userId}, 'pro', true, now())
      on conflict (user_id) do update set subscription_tier = 'pro', is_active = true, started_at = now(), updated_at = now()`;

/** The user back on the Free plan (a downgrade). */
export const makeFree = (sql: Sql, userId: string) =>
  sql`update bounties.user_subscriptions set subscription_tier = 'free', started_at = null, updated_at = now() where user_id = ${userId}`;

/** A project of the owner's (active unless said), as POST /projects makes it. */
export const projectOf = async (
  sql: Sql,
  ownerId: string,
  { name = 'Vault audit', status = 'active' }: { name?: string; status?: string } = {},
): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    insert into bounties.projects (name, project_type, client_user_id, status) values (${name}, 'defi', ${ownerId}, ${status}) returning id`;
  if (!row) throw new Error('no project');
  return row.id;
};

/** Cash for the user, credited through rewards' published function (as a sale's proceeds would be). */
export const giveCash = (sql: Sql, userId: string, cents: number) =>
  sql`select rewards.credit_cash(${userId}, ${cents}, 'sale_proceeds', 'Test cash', null, ${`test:${randomUUID()}`})`;

/** The user's cash balance in cents, from rewards' balance row (0 without an account). */
export const cashOf = async (sql: Sql, userId: string): Promise<number> => {
  const [row] = await sql<{ cents: string }[]>`select cash_balance_cents as cents from rewards.user_balances where user_id = ${userId}`;
  return Number(row?.cents ?? 0);
};

/** The ledger rows of a bounty's reward (rewards.transactions with its source), oldest first. */
export const bountyLedger = (sql: Sql, bountyId: string) =>
  sql<{ userId: string; amountCents: string; transactionType: string; rule: string; description: string; idempotencyKey: string }[]>`
    select user_id, amount_cents, transaction_type, rule, description, idempotency_key from rewards.transactions
    where source_type = 'bounty' and source_id = ${bountyId}
    order by created_at, idempotency_key`;

/** A Pro user with an active project and `cents` of cash. */
export const proCreator = async (ctx: BountiesTestContext, cents = 10_000): Promise<TestUser & { projectId: string }> => {
  const user = await signIn(ctx);
  await makePro(ctx.sql, user.id);
  if (cents > 0) await giveCash(ctx.sql, user.id, cents);
  return { ...user, projectId: await projectOf(ctx.sql, user.id) };
};

/** A bounty posted by the creator through POST /bounties (asserted 201). */
export const postBounty = async (
  ctx: BountiesTestContext,
  creator: TestUser & { projectId: string },
  body: Partial<CreateBountyRequest> = {},
): Promise<Bounty> => {
  const res = await callAs(ctx, creator, 'POST', '/bounties', {
    body: { title: 'Reentrancy in withdraw()', description: 'Drain the vault through a callback.', reward: '5.00', project_id: creator.projectId, ...body },
  });
  if (res.status !== 201) throw new Error(`POST /bounties answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { bounty: Bounty }).bounty;
};

/**
 * Bounties of $0 (nothing to hold) written straight into the table, one a millisecond apart in
 * the order given (the route's write limit is for people, not for a test's setup); their ids.
 */
export const seedBounties = async (sql: Sql, creatorId: string, projectId: string, titles: string[]): Promise<string[]> => {
  const rows = await sql<{ id: string }[]>`
    insert into bounties.bug_bounties (title, description, reward_cents, project_id, submitted_by, created_at)
    select title, 'Seeded for a test.', 0, ${projectId}, ${creatorId}, now() - make_interval(secs => (${titles.length} - n) / 1000.0)
    from unnest(${titles}::text[]) with ordinality as t(title, n)
    order by n
    returning id`;
  return rows.map((r) => r.id);
};

/** The bounty claimed by `claimer` through the route (asserted 200). */
export const claim = async (ctx: BountiesTestContext, claimer: TestUser, bountyId: string) => {
  const res = await callAs(ctx, claimer, 'POST', `/bounties/${bountyId}/claim`);
  if (res.status !== 200) throw new Error(`claim answered ${res.status}: ${JSON.stringify(res.body)}`);
};

/** The claimer's completion submitted through the route (asserted 200); its id. */
export const submit = async (ctx: BountiesTestContext, claimer: TestUser, bountyId: string, proof = 'PoC: see the attached test'): Promise<string> => {
  const res = await callAs(ctx, claimer, 'PUT', `/bounties/${bountyId}/completion`, {
    body: { completion_proof: proof, completion_url: 'https://example.com/poc' },
  });
  if (res.status !== 200) throw new Error(`submit answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { completion: { id: string } }).completion.id;
};
