import { describe, expect, it } from 'vitest';
import { call, errorOf } from '@starforge/test-db/harness';
import { cashOf, claim, giveCash, postBounty, proCreator, projectOf, submit } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, signIn, type TestUser } from '../testing/harness';

const ctx = bountiesTestContext();

type Role = 'creator' | 'claimer' | 'stranger' | 'free';

/**
 * Every bounty, completion and review route for each of the four roles on one bounty: its creator
 * (Pro), its claimer (a Free user), a stranger (Pro, with a project of their own) and a Free user
 * with nothing to do with it. The writes a role may make are the last rows, so the refusals
 * above them meet the bounty as it was (claimed, a completion pending).
 */
describe('the two-user matrix: who may do what', () => {
  it('answers each role as the rules say, and a request without a token 401', async () => {
    const creator = await proCreator(ctx, 10_000);
    const stranger = await proCreator(ctx, 10_000);
    const [claimer, free] = [await signIn(ctx), await signIn(ctx)];
    for (const user of [claimer, free]) await giveCash(ctx.sql, user.id, 10_000);
    const freeProject = await projectOf(ctx.sql, free.id);
    const bounty = await postBounty(ctx, creator, { reward: '10.00' });
    await claim(ctx, claimer, bounty.id);
    const completionId = await submit(ctx, claimer, bounty.id);
    const who: Record<Role, TestUser & { projectId?: string }> = { creator, claimer, stranger, free: { ...free, projectId: freeProject } };

    const id = bounty.id;
    const newBounty = (role: Role) => ({ title: 'Another', description: 'One more.', reward: '1.00', project_id: who[role].projectId ?? freeProject });
    const rows: [string, string, (role: Role) => unknown, Record<Role, string>][] = [
      ['GET', '/bounties', () => undefined, { creator: '200', claimer: '200', stranger: '200', free: '200' }],
      ['GET', '/bounties/open', () => undefined, { creator: '200', claimer: '200', stranger: '200', free: '200' }],
      ['GET', `/bounties/${id}`, () => undefined, { creator: '200', claimer: '200', stranger: '200', free: '200' }],
      [
        'POST',
        '/bounties',
        (role) => ({ ...newBounty(role), project_id: creator.projectId }),
        // Pro users may post, but only under their own projects; Free users not at all.
        { creator: '201', claimer: '403 pro_required', stranger: '400 project_not_active', free: '403 pro_required' },
      ],
      ['POST', '/bounties', newBounty, { creator: '201', claimer: '403 pro_required', stranger: '201', free: '403 pro_required' }],
      [
        'POST',
        `/bounties/${id}/claim`,
        () => undefined,
        { creator: '400 own_bounty', claimer: '409 bounty_not_open', stranger: '409 bounty_not_open', free: '409 bounty_not_open' },
      ],
      [
        'POST',
        `/bounties/${id}/close`,
        () => undefined,
        { creator: '409 bounty_not_closable', claimer: '403 not_creator', stranger: '403 not_creator', free: '403 not_creator' },
      ],
      [
        'GET',
        `/bounties/${id}/completion`,
        () => undefined,
        { creator: '403 not_claimer', claimer: '200', stranger: '403 not_claimer', free: '403 not_claimer' },
      ],
      ['GET', `/bounties/${id}/review`, () => undefined, { creator: '200', claimer: '403 not_creator', stranger: '403 not_creator', free: '403 not_creator' }],
      [
        'PUT',
        `/bounties/${id}/completion`,
        () => ({ completion_proof: 'Updated proof' }),
        { creator: '403 not_claimer', claimer: '200', stranger: '403 not_claimer', free: '403 not_claimer' },
      ],
      [
        'POST',
        `/bounties/${id}/review`,
        () => ({ completion_id: completionId, decision: 'approve' }),
        { creator: '200', claimer: '403 not_creator', stranger: '403 not_creator', free: '403 not_creator' },
      ],
      // Once approved, nobody releases the claim: the claimer is told it was approved first.
      [
        'POST',
        `/bounties/${id}/release`,
        () => undefined,
        { creator: '403 not_claimer', claimer: '409 completion_approved', stranger: '403 not_claimer', free: '403 not_claimer' },
      ],
    ];
    // The allowed role goes last in each row, after every refusal.
    const order = (expected: Record<Role, string>) =>
      (['creator', 'claimer', 'stranger', 'free'] as Role[]).sort((x, y) => Number(expected[x] < '300') - Number(expected[y] < '300'));
    for (const [method, path, body, expected] of rows) {
      const seen: Partial<Record<Role, string>> = {};
      for (const role of order(expected)) {
        const res = await callAs(ctx, who[role], method, path, { body: body(role) });
        seen[role] = res.status < 300 ? String(res.status) : `${res.status} ${errorOf(res).code}`;
      }
      expect(seen, `${method} ${path}`).toEqual(expected);
      const anonymous = await call(ctx.app, method, path, { body: body('creator') });
      expect(anonymous.status, `${method} ${path} without a token`).toBe(401);
    }
    // What the writes left: the claimer paid once, the refused posts held nothing.
    expect(await cashOf(ctx.sql, claimer.id)).toBe(10_000 + 1_000);
    expect(await cashOf(ctx.sql, free.id)).toBe(10_000);
    expect(await cashOf(ctx.sql, creator.id)).toBe(10_000 - 1_000 - 2 * 100);
    expect(await cashOf(ctx.sql, stranger.id)).toBe(10_000 - 100);
  });
});
