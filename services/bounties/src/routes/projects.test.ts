import { describe, expect, it } from 'vitest';
import {
  activeProjectsAnswerSchema,
  BOUNTIES_PAGE_SIZE,
  bountiesMessages,
  PROJECT_NAME_MAX,
  projectAnswerSchema,
  projectsAnswerSchema,
} from '@starforge/contracts/bounties';
import { IDEMPOTENT_REPLAYED_HEADER } from '@starforge/contracts/shared';
import { call, errorOf } from '@starforge/test-db/harness';
import { activeProjectOf } from '../domain/projects';
import { bountiesTestContext, callAs, signIn, type TestUser } from '../testing/harness';

const ctx = bountiesTestContext();

const create = (who: TestUser, body: Record<string, unknown>, key?: string) => callAs(ctx, who, 'POST', '/projects', { body, ...(key ? { key } : {}) });
const created = async (who: TestUser, body: Record<string, unknown>) => {
  const res = await create(who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return projectAnswerSchema.parse(res.body).project;
};
const page = async (who: TestUser, n?: number) => {
  const res = await callAs(ctx, who, 'GET', n === undefined ? '/projects' : `/projects?page=${n}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return projectsAnswerSchema.parse(res.body);
};
const mineActive = async (who: TestUser) => activeProjectsAnswerSchema.parse((await callAs(ctx, who, 'GET', '/projects/mine/active')).body).projects;
/** A project of `owner`'s made `secondsFromNow` from now (negative: in the past), as the route leaves it. */
const projectOf = async (owner: TestUser, name: string, secondsFromNow: number): Promise<string> => {
  const [row] = await ctx.sql<{ id: string }[]>`
    insert into bounties.projects (name, client_user_id, created_at)
    values (${name}, ${owner.id}, now() + make_interval(secs => ${secondsFromNow}))
    returning id`;
  if (!row) throw new Error('no project inserted');
  return row.id;
};
const countProjects = async () => Number((await ctx.sql<{ n: string }[]>`select count(*) as n from bounties.projects`)[0]?.n);
const setNames = (userId: string, firstName: string, lastName: string) =>
  ctx.sql`insert into auth.profiles (id, first_name, last_name) values (${userId}, ${firstName}, ${lastName})`;

describe('creating a project', () => {
  it('is open to any signed-in user, Free plan included: active, theirs, smart_contract and a $0 budget by default', async () => {
    const user = await signIn(ctx);
    await setNames(user.id, 'Grace', 'Hopper');
    const project = await created(user, { name: '  Vault audit  ' });
    expect(project).toMatchObject({
      name: 'Vault audit',
      description: '',
      project_type: 'smart_contract',
      budget_cents: 0,
      status: 'active',
      owner_name: 'Grace Hopper',
      is_mine: true,
    });
    const [row] = await ctx.sql`select client_user_id from bounties.projects where id = ${project.id}`;
    expect(row).toEqual({ clientUserId: user.id });
  });

  it('takes every type and a budget in dollars, to the cent', async () => {
    const user = await signIn(ctx);
    for (const type of ['dapp', 'defi', 'nft', 'other', 'smart_contract']) {
      expect((await created(user, { name: type, project_type: type })).project_type).toBe(type);
    }
    expect((await created(user, { name: 'Funded', budget: '1250.50', description: 'Audit the swap' })).budget_cents).toBe(125_050);
    expect((await created(user, { name: 'Number', budget: 12.5 })).budget_cents).toBe(1250);
    expect((await created(user, { name: 'Zero', budget: '0' })).budget_cents).toBe(0);
  });

  it('names what is wrong: the name required, the budget a valid amount ≥ 0, a known type', async () => {
    const user = await signIn(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{}, bountiesMessages.projectNameRequired],
      [{ name: '' }, bountiesMessages.projectNameRequired],
      [{ name: '   ' }, bountiesMessages.projectNameRequired],
      [{ name: 42 }, bountiesMessages.projectNameRequired],
      [{ name: 'x'.repeat(PROJECT_NAME_MAX + 1) }, `Project name must be at most ${PROJECT_NAME_MAX} characters`],
      [{ name: 'P', budget: '-1' }, bountiesMessages.invalidBudget],
      [{ name: 'P', budget: -0.01 }, bountiesMessages.invalidBudget],
      [{ name: 'P', budget: 'ten' }, bountiesMessages.invalidBudget],
      [{ name: 'P', budget: '1.234' }, bountiesMessages.invalidBudget],
      [{ name: 'P', budget: null }, bountiesMessages.invalidBudget],
      [{ name: 'P', project_type: 'bridge' }, 'Please choose a project type'],
    ];
    for (const [body, message] of cases) expect(errorOf(await create(user, body)), JSON.stringify(body)).toMatchObject({ status: 400, message });
    expect(await ctx.sql`select * from bounties.projects where client_user_id = ${user.id}`).toEqual([]);
  });

  it('creates once for one Idempotency-Key (the first answer replayed); 401 without a session', async () => {
    const user = await signIn(ctx);
    const first = await create(user, { name: 'Once' });
    const again = await create(user, { name: 'Once' }, first.key ?? undefined);
    expect([again.status, again.body]).toEqual([201, first.body]);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await ctx.sql`select id from bounties.projects where client_user_id = ${user.id}`).toHaveLength(1);
    expect((await call(ctx.app, 'POST', '/projects', { body: { name: 'Anonymous' } })).status).toBe(401);
  });
});

describe('the projects grid', () => {
  it('lists every project newest first, 24 a page with the total, with its owner’s name and is_mine for the viewer', async () => {
    const [owner, viewer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    await setNames(owner.id, 'Ada', 'Lovelace');
    // Written straight into the table (the route's write limit is for people), one a second in the
    // future, so they are the newest whatever other tests write meanwhile.
    const before = await countProjects();
    const ids: string[] = [];
    for (let i = 0; i < BOUNTIES_PAGE_SIZE + 2; i += 1) ids.push(await projectOf(owner, `Project ${i}`, 3600 + i));
    const newest = [...ids].reverse();
    const first = await page(viewer);
    expect(first.page).toBe(1);
    expect(first.page_size).toBe(BOUNTIES_PAGE_SIZE);
    expect(first.projects).toHaveLength(BOUNTIES_PAGE_SIZE);
    expect(first.projects.slice(0, 3).map((p) => p.id)).toEqual(newest.slice(0, 3));
    expect(first.projects[0]).toMatchObject({ name: `Project ${BOUNTIES_PAGE_SIZE + 1}`, owner_name: 'Ada Lovelace', is_mine: false });
    // the total counts every project (other tests' too, written meanwhile)
    expect(first.total).toBeGreaterThanOrEqual(before + BOUNTIES_PAGE_SIZE + 2);
    expect(first.total).toBeLessThanOrEqual(await countProjects());
    // the next page follows on without a gap or a repeat
    expect((await page(viewer, 2)).projects.slice(0, 2).map((p) => p.id)).toEqual(newest.slice(BOUNTIES_PAGE_SIZE, BOUNTIES_PAGE_SIZE + 2));
    expect((await page(owner)).projects[0]).toMatchObject({ id: newest[0], is_mine: true });
    const far = await page(viewer, 10_000);
    expect(far.projects).toEqual([]);
    expect(far.total).toBeGreaterThanOrEqual(first.total);
  });

  it('refuses a page that is not a whole number from 1 (400), and answers 401 without a session', async () => {
    const user = await signIn(ctx);
    for (const bad of ['0', '-1', '1.5', 'two']) expect((await callAs(ctx, user, 'GET', `/projects?page=${bad}`)).status, bad).toBe(400);
    expect((await call(ctx.app, 'GET', '/projects')).status).toBe(401);
  });
});

describe("the caller's active projects (the bounty form)", () => {
  it('are the caller’s own active ones, newest first, never another user’s or an inactive one', async () => {
    const [ada, bob] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const older = await created(ada, { name: 'Older' });
    const paused = await created(ada, { name: 'Paused' });
    const newer = await created(ada, { name: 'Newer' });
    const bobs = await created(bob, { name: 'Bob’s' });
    await ctx.sql`update bounties.projects set status = 'paused' where id = ${paused.id}`;
    expect(await mineActive(ada)).toEqual([
      { id: newer.id, name: 'Newer' },
      { id: older.id, name: 'Older' },
    ]);
    expect(await mineActive(bob)).toEqual([{ id: bobs.id, name: 'Bob’s' }]);
    expect(await mineActive(await signIn(ctx))).toEqual([]);
    expect((await call(ctx.app, 'GET', '/projects/mine/active')).status).toBe(401);
    // what posting a bounty checks in its transaction
    expect(await activeProjectOf(ctx.sql, older.id, ada.id)).toEqual({ id: older.id, name: 'Older' });
    expect(await activeProjectOf(ctx.sql, older.id, bob.id)).toBeNull();
    expect(await activeProjectOf(ctx.sql, paused.id, ada.id)).toBeNull();
    expect(await activeProjectOf(ctx.sql, bobs.id, ada.id)).toBeNull();
  });
});
