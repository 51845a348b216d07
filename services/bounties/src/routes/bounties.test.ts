import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BOUNTIES_PAGE_SIZE,
  bountiesAnswerSchema,
  bountiesErrorCodes,
  bountiesMessages,
  bountyAnswerSchema,
  bountyLedgerDescriptions,
} from '@starforge/contracts/bounties';
import { transactionRuleText } from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { bountyLedger, cashOf, giveCash, makeFree, postBounty, proCreator, projectOf, seedBounties } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, ledgerBreaks, signIn, type TestUser } from '../testing/harness';

const ctx = bountiesTestContext();

const post = (who: TestUser, body: Record<string, unknown>) => callAs(ctx, who, 'POST', '/bounties', { body });
const good = (projectId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Overflow in mint()',
  description: 'Mint more than the cap.',
  reward: '12.34',
  project_id: projectId,
  ...extra,
});
const eventsOf = (userId: string | null) =>
  ctx.sql<{ type: string; data: Record<string, string> }[]>`
    select type, data from events.events where ${userId === null ? ctx.sql`user_id is null` : ctx.sql`user_id = ${userId}`} order by id`;
const publicEventsOf = async (bountyId: string) => (await eventsOf(null)).filter((e) => e.data.bountyId === bountyId).map((e) => `${e.type} ${e.data.status}`);
const bountiesOf = (projectId: string) => ctx.sql<{ id: string }[]>`select id from bounties.bug_bounties where project_id = ${projectId}`;

describe('POST /bounties: a funded bounty', () => {
  it('holds the reward from the creator’s cash in the bounty’s transaction, named on the statement, and tells every open list', async () => {
    const creator = await proCreator(ctx, 5_000);
    const res = await post(creator, good(creator.projectId, { severity: 'critical' }));
    expect(res.status).toBe(201);
    const { bounty } = bountyAnswerSchema.parse(res.body);
    expect(bounty).toMatchObject({
      title: 'Overflow in mint()',
      description: 'Mint more than the cap.',
      severity: 'critical',
      reward_cents: 1234,
      project_id: creator.projectId,
      project_name: 'Vault audit',
      status: 'open',
      creator_name: 'Starforge user',
      created_by_me: true,
      claimed_by_me: false,
      review_seconds: null,
    });
    expect(await cashOf(ctx.sql, creator.id)).toBe(5_000 - 1234);
    const ledger = await bountyLedger(ctx.sql, bounty.id);
    expect(ledger.map((r) => [r.userId, Number(r.amountCents), r.transactionType, r.description, r.idempotencyKey])).toEqual([
      [creator.id, -1234, 'bounty_reward', bountyLedgerDescriptions.hold('Overflow in mint()'), `bounty:${bounty.id}:hold`],
    ]);
    // The statement explains the row's rule.
    expect(transactionRuleText[ledger[0]?.rule ?? '']).toMatch(/held/);
    expect(await publicEventsOf(bounty.id)).toEqual(['bounties.bounty_changed open']);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('defaults the severity to medium; a $0 bounty needs no cash and moves nothing', async () => {
    const creator = await proCreator(ctx, 0);
    const res = await post(creator, good(creator.projectId, { reward: '0' }));
    expect(res.status).toBe(201);
    const { bounty } = bountyAnswerSchema.parse(res.body);
    expect([bounty.severity, bounty.reward_cents]).toEqual(['medium', 0]);
    expect(await bountyLedger(ctx.sql, bounty.id)).toEqual([]);
  });

  it('refuses a reward above the cash with a message that names the balance, and posts nothing', async () => {
    const creator = await proCreator(ctx, 100);
    const res = await post(creator, good(creator.projectId, { reward: '1.01' }));
    expect(errorOf(res)).toEqual({
      status: 400,
      code: bountiesErrorCodes.insufficientFunds,
      message: 'Insufficient balance to fund this bounty ($1.00 available)',
    });
    expect(await bountiesOf(creator.projectId)).toEqual([]);
    expect(await cashOf(ctx.sql, creator.id)).toBe(100);
    // With no cash at all (no rewards account yet): $0.00 available.
    const broke = await proCreator(ctx, 0);
    expect(errorOf(await post(broke, good(broke.projectId, { reward: '0.01' }))).message).toBe('Insufficient balance to fund this bounty ($0.00 available)');
    // Exactly the cash is enough.
    expect((await post(creator, good(creator.projectId, { reward: '1.00' }))).status).toBe(201);
    expect(await cashOf(ctx.sql, creator.id)).toBe(0);
  });

  it('is for Pro users only, enforced here: a Free user (never upgraded, or downgraded) is refused with the spec’s words', async () => {
    const free = await signIn(ctx);
    await giveCash(ctx.sql, free.id, 10_000);
    const project = await projectOf(ctx.sql, free.id);
    const refused = errorOf(await post(free, good(project)));
    expect(refused).toEqual({ status: 403, code: bountiesErrorCodes.proRequired, message: bountiesMessages.proOnly });
    const downgraded = await proCreator(ctx);
    await makeFree(ctx.sql, downgraded.id);
    expect(errorOf(await post(downgraded, good(downgraded.projectId))).code).toBe(bountiesErrorCodes.proRequired);
    expect([...(await bountiesOf(project)), ...(await bountiesOf(downgraded.projectId))]).toEqual([]);
    expect(await cashOf(ctx.sql, free.id)).toBe(10_000);
  });

  it("takes only one of the creator's own active projects", async () => {
    const creator = await proCreator(ctx);
    const other = await proCreator(ctx);
    const paused = await projectOf(ctx.sql, creator.id, { status: 'paused' });
    const completed = await projectOf(ctx.sql, creator.id, { status: 'completed' });
    for (const projectId of [other.projectId, paused, completed, randomUUID()]) {
      expect(errorOf(await post(creator, good(projectId))), projectId).toEqual({
        status: 400,
        code: bountiesErrorCodes.projectNotActive,
        message: bountiesMessages.projectNotActive,
      });
    }
    expect(await cashOf(ctx.sql, creator.id)).toBe(10_000);
  });

  it('checks every field with the form’s words', async () => {
    const creator = await proCreator(ctx);
    const message = async (body: Record<string, unknown>) => errorOf(await post(creator, body)).message;
    expect(await message(good(creator.projectId, { title: '   ' }))).toBe(bountiesMessages.fillBountyFields);
    expect(await message(good(creator.projectId, { description: '' }))).toBe(bountiesMessages.fillBountyFields);
    expect(await message(good(creator.projectId, { reward: '-1' }))).toBe(bountiesMessages.invalidReward);
    expect(await message(good(creator.projectId, { reward: '1.001' }))).toBe(bountiesMessages.invalidReward);
    expect(await message(good(creator.projectId, { reward: 'ten' }))).toBe(bountiesMessages.invalidReward);
    expect(await message(good(creator.projectId, { severity: 'urgent' }))).toBe('Please choose a severity');
    expect(await message(good('not-a-uuid'))).toBe(bountiesMessages.projectNotActive);
    expect(await bountiesOf(creator.projectId)).toEqual([]);
  });

  it('takes a description of 5,000 characters in any script (the body limit is raised for it)', async () => {
    const creator = await proCreator(ctx);
    const res = await post(creator, good(creator.projectId, { title: '漏'.repeat(150), description: '漏'.repeat(5_000) }));
    expect(res.status).toBe(201);
    expect(bountyAnswerSchema.parse(res.body).bounty.description).toHaveLength(5_000);
  });

  it('holds once for a repeated Idempotency-Key: the retry replays the first answer', async () => {
    const creator = await proCreator(ctx, 1_000);
    const first = await post(creator, good(creator.projectId, { reward: '4.00' }));
    const again = await callAs(ctx, creator, 'POST', '/bounties', { body: good(creator.projectId, { reward: '4.00' }), key: first.key });
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await bountiesOf(creator.projectId)).toHaveLength(1);
    expect(await cashOf(ctx.sql, creator.id)).toBe(600);
  });
});

describe('GET /bounties: the grid', () => {
  it('lists every bounty of a project newest first, 24 a page with the total, with the viewer’s flags', async () => {
    const creator = await proCreator(ctx, 100_000);
    const titles = Array.from({ length: BOUNTIES_PAGE_SIZE + 2 }, (_, n) => `Finding ${n}`);
    const made = await seedBounties(ctx.sql, creator.id, creator.projectId, titles);
    const viewer = await signIn(ctx);
    const claimed = made[3] as string;
    expect((await callAs(ctx, viewer, 'POST', `/bounties/${claimed}/claim`)).status).toBe(200);

    const first = bountiesAnswerSchema.parse((await callAs(ctx, viewer, 'GET', `/bounties?project=${creator.projectId}`)).body);
    expect([first.total, first.page, first.page_size, first.bounties.length]).toEqual([BOUNTIES_PAGE_SIZE + 2, 1, BOUNTIES_PAGE_SIZE, BOUNTIES_PAGE_SIZE]);
    expect(first.bounties.map((b) => b.title)).toEqual(titles.slice(2).reverse());
    const second = bountiesAnswerSchema.parse((await callAs(ctx, viewer, 'GET', `/bounties?project=${creator.projectId}&page=2`)).body);
    expect(second.bounties.map((b) => b.title)).toEqual(['Finding 1', 'Finding 0']);
    // The viewer's claim shows as theirs, with its status; the creator sees it as created by them.
    const seen = first.bounties.find((b) => b.id === claimed);
    expect([seen?.status, seen?.claimed_by_me, seen?.created_by_me]).toEqual(['claimed', true, false]);
    expect(first.bounties.filter((b) => b.claimed_by_me)).toHaveLength(1);
    const mine = bountiesAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties?project=${creator.projectId}`)).body);
    expect(mine.bounties.every((b) => b.created_by_me && !b.claimed_by_me)).toBe(true);
    // Every project: the newest bounties of anyone's, ours among them.
    const all = bountiesAnswerSchema.parse((await callAs(ctx, viewer, 'GET', '/bounties')).body);
    expect(all.total).toBeGreaterThanOrEqual(BOUNTIES_PAGE_SIZE + 2);
    expect(all.bounties).toHaveLength(BOUNTIES_PAGE_SIZE);
  });

  it('names the creator by their public display name, never their e-mail', async () => {
    const creator = await proCreator(ctx);
    await ctx.sql`insert into auth.profiles (id, first_name, last_name) values (${creator.id}, 'Ada', 'Lovelace')`;
    const bounty = await postBounty(ctx, creator);
    const viewer = await signIn(ctx);
    const res = await callAs(ctx, viewer, 'GET', `/bounties/${bounty.id}`);
    expect(bountyAnswerSchema.parse(res.body).bounty.creator_name).toBe('Ada Lovelace');
    expect(JSON.stringify(res.body)).not.toContain(creator.user.email);
  });

  it('answers an empty page past the end, and refuses a bad page or project', async () => {
    const viewer = await signIn(ctx);
    const empty = bountiesAnswerSchema.parse((await callAs(ctx, viewer, 'GET', `/bounties?project=${randomUUID()}`)).body);
    expect([empty.total, empty.bounties]).toEqual([0, []]);
    expect((await callAs(ctx, viewer, 'GET', '/bounties?page=0')).status).toBe(400);
    expect(errorOf(await callAs(ctx, viewer, 'GET', '/bounties?project=nope')).message).toBe('Unknown project');
  });
});

describe('GET /bounties/open: the open list and its search', () => {
  it('lists open bounties only, newest first, with the count from the server, one’s own too', async () => {
    const tag = `zq${randomUUID().slice(0, 8)}`;
    const creator = await proCreator(ctx);
    const a = await postBounty(ctx, creator, { title: `${tag} first` });
    const b = await postBounty(ctx, creator, { title: `${tag} second` });
    const c = await postBounty(ctx, creator, { title: `${tag} third` });
    const d = await postBounty(ctx, creator, { title: `${tag} fourth` });
    const claimer = await signIn(ctx);
    expect((await callAs(ctx, claimer, 'POST', `/bounties/${b.id}/claim`)).status).toBe(200);
    expect((await callAs(ctx, creator, 'POST', `/bounties/${c.id}/close`)).status).toBe(200);
    const seen = bountiesAnswerSchema.parse((await callAs(ctx, claimer, 'GET', `/bounties/open?q=${tag}`)).body);
    expect([seen.total, seen.bounties.map((x) => x.id)]).toEqual([2, [d.id, a.id]]);
    expect(seen.bounties.every((x) => x.status === 'open' && !x.created_by_me)).toBe(true);
    const own = bountiesAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/open?q=${tag}`)).body);
    expect(own.bounties.every((x) => x.created_by_me)).toBe(true);
    const all = bountiesAnswerSchema.parse((await callAs(ctx, claimer, 'GET', '/bounties/open')).body);
    expect(all.bounties.every((x) => x.status === 'open')).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('finds the words in the title, the description or the project’s name, whatever their case, % and _ literally', async () => {
    const tag = `Qx${randomUUID().slice(0, 8)}`;
    const creator = await proCreator(ctx);
    const named = await projectOf(ctx.sql, creator.id, { name: `Project ${tag} Ledger` });
    const inTitle = await postBounty(ctx, creator, { title: `Title ${tag} 100%_sure` });
    const inDescription = await postBounty(ctx, creator, { description: `Found while fuzzing ${tag.toUpperCase()}.` });
    const inProject = await postBounty(ctx, { ...creator, projectId: named });
    const viewer = await signIn(ctx);
    const ids = async (q: string) =>
      bountiesAnswerSchema.parse((await callAs(ctx, viewer, 'GET', `/bounties/open?q=${encodeURIComponent(q)}`)).body).bounties.map((b) => b.id);
    expect(await ids(tag.toLowerCase())).toEqual([inProject.id, inDescription.id, inTitle.id]);
    expect(await ids(`  ${tag} ledger  `)).toEqual([inProject.id]);
    expect(await ids(`${tag} 100%_`)).toEqual([inTitle.id]);
    expect(await ids(`${tag} 100_%`)).toEqual([]);
    expect(await ids(`${tag}%sure`)).toEqual([]);
  });

  it('pages a search 24 at a time with its total', async () => {
    const tag = `pg${randomUUID().slice(0, 8)}`;
    const creator = await proCreator(ctx);
    await seedBounties(
      ctx.sql,
      creator.id,
      creator.projectId,
      Array.from({ length: BOUNTIES_PAGE_SIZE + 1 }, (_, n) => `${tag} #${n}`),
    );
    const viewer = await signIn(ctx);
    const page = async (n: number) => bountiesAnswerSchema.parse((await callAs(ctx, viewer, 'GET', `/bounties/open?q=${tag}&page=${n}`)).body);
    const [first, second] = [await page(1), await page(2)];
    expect([first.total, first.bounties.length, second.total, second.bounties.map((b) => b.title)]).toEqual([25, 24, 25, [`${tag} #0`]]);
    expect(errorOf(await callAs(ctx, viewer, 'GET', `/bounties/open?q=${'x'.repeat(101)}`)).message).toBe('Search at most 100 characters');
  });
});

describe('GET /bounties/:id', () => {
  it('reads any bounty for any signed-in user; an unknown id is 404, a malformed one 400', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const viewer = await signIn(ctx);
    expect(bountyAnswerSchema.parse((await callAs(ctx, viewer, 'GET', `/bounties/${bounty.id}`)).body).bounty).toEqual({ ...bounty, created_by_me: false });
    expect(errorOf(await callAs(ctx, viewer, 'GET', `/bounties/${randomUUID()}`))).toEqual({
      status: 404,
      code: bountiesErrorCodes.notFound,
      message: bountiesMessages.notFound,
    });
    expect(errorOf(await callAs(ctx, viewer, 'GET', '/bounties/123'))).toMatchObject({ status: 400, message: bountiesMessages.loadBountyFailed });
  });
});

describe('POST /bounties/:id/claim', () => {
  it('claims an open bounty for the caller, tells its creator and every open list', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const claimer = await signIn(ctx);
    const res = await callAs(ctx, claimer, 'POST', `/bounties/${bounty.id}/claim`);
    expect(res.status).toBe(200);
    expect(bountyAnswerSchema.parse(res.body).bounty).toMatchObject({ status: 'claimed', claimed_by_me: true, created_by_me: false });
    const told = (await eventsOf(creator.id)).filter((e) => e.type === 'bounties.bounty_claimed');
    expect(told.map((e) => e.data)).toEqual([{ bountyId: bounty.id }]);
    expect(await publicEventsOf(bounty.id)).toEqual(['bounties.bounty_changed open', 'bounties.bounty_changed claimed']);
    // Claiming moves no money.
    expect((await bountyLedger(ctx.sql, bounty.id)).map((r) => r.idempotencyKey)).toEqual([`bounty:${bounty.id}:hold`]);
  });

  it('refuses one’s own bounty, and any bounty no longer open, with clear words', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    expect(errorOf(await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/claim`))).toEqual({
      status: 400,
      code: bountiesErrorCodes.ownBounty,
      message: bountiesMessages.ownBounty,
    });
    const [first, second] = [await signIn(ctx), await signIn(ctx)];
    expect((await callAs(ctx, first, 'POST', `/bounties/${bounty.id}/claim`)).status).toBe(200);
    expect(errorOf(await callAs(ctx, second, 'POST', `/bounties/${bounty.id}/claim`))).toEqual({
      status: 409,
      code: bountiesErrorCodes.notOpen,
      message: 'This bounty is no longer open',
    });
    expect(errorOf(await callAs(ctx, first, 'POST', `/bounties/${bounty.id}/claim`)).code).toBe(bountiesErrorCodes.notOpen);
    expect(errorOf(await callAs(ctx, first, 'POST', `/bounties/${randomUUID()}/claim`)).status).toBe(404);
  });
});

describe('POST /bounties/:id/close', () => {
  it('closes the creator’s open bounty and returns its held reward, once', async () => {
    const creator = await proCreator(ctx, 1_000);
    const bounty = await postBounty(ctx, creator, { reward: '2.50' });
    expect(await cashOf(ctx.sql, creator.id)).toBe(750);
    const res = await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/close`);
    expect(res.status).toBe(200);
    expect(bountyAnswerSchema.parse(res.body).bounty.status).toBe('closed');
    expect(await cashOf(ctx.sql, creator.id)).toBe(1_000);
    const ledger = await bountyLedger(ctx.sql, bounty.id);
    expect(ledger.map((r) => [Number(r.amountCents), r.idempotencyKey, r.description])).toEqual([
      [-250, `bounty:${bounty.id}:hold`, bountyLedgerDescriptions.hold(bounty.title)],
      [250, `bounty:${bounty.id}:return`, bountyLedgerDescriptions.return(bounty.title)],
    ]);
    expect(transactionRuleText[ledger[1]?.rule ?? '']).toMatch(/returned/);
    expect(await publicEventsOf(bounty.id)).toEqual(['bounties.bounty_changed open', 'bounties.bounty_changed closed']);
    // Closed is final: a second close, a claim, are refused and move nothing.
    expect(errorOf(await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/close`))).toEqual({
      status: 409,
      code: bountiesErrorCodes.notClosable,
      message: bountiesMessages.notClosable,
    });
    expect(errorOf(await callAs(ctx, await signIn(ctx), 'POST', `/bounties/${bounty.id}/claim`)).code).toBe(bountiesErrorCodes.notOpen);
    expect(await cashOf(ctx.sql, creator.id)).toBe(1_000);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('is the creator’s alone, and only while open (a claimed bounty is decided by its review)', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const stranger = await proCreator(ctx);
    expect(errorOf(await callAs(ctx, stranger, 'POST', `/bounties/${bounty.id}/close`))).toEqual({
      status: 403,
      code: bountiesErrorCodes.notCreator,
      message: bountiesMessages.notCreatorClose,
    });
    const claimer = await signIn(ctx);
    expect((await callAs(ctx, claimer, 'POST', `/bounties/${bounty.id}/claim`)).status).toBe(200);
    expect(errorOf(await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/close`)).code).toBe(bountiesErrorCodes.notClosable);
    expect(errorOf(await callAs(ctx, claimer, 'POST', `/bounties/${bounty.id}/close`)).code).toBe(bountiesErrorCodes.notCreator);
    expect(await cashOf(ctx.sql, creator.id)).toBe(10_000 - bounty.reward_cents);
  });

  it('a $0 bounty closes with nothing to return', async () => {
    const creator = await proCreator(ctx, 0);
    const bounty = await postBounty(ctx, creator, { reward: '0' });
    expect((await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/close`)).status).toBe(200);
    expect(await bountyLedger(ctx.sql, bounty.id)).toEqual([]);
  });
});
