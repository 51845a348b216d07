import { describe, expect, inject, it } from 'vitest';
import { checkConnectionBudget, connectionBudget, connectionBudgetWarning, connectionsPerCopy } from './pool-budget';

describe('the connection budget', () => {
  it('counts a copy as its pool, pg-boss for a service with jobs, and its LISTEN connections', () => {
    expect(connectionsPerCopy('auth', {})).toBe(20);
    expect(connectionsPerCopy('events', {})).toBe(21);
    expect(connectionsPerCopy('nft', {})).toBe(25);
    expect(connectionsPerCopy('rewards', { DB_POOL_MAX: '10', JOBS_POOL_MAX: '2' })).toBe(13);
    expect(connectionsPerCopy('marketplace', { DB_POOL_MAX: '10', DB_POOL_MAX_MARKETPLACE: '30' })).toBe(36);
  });

  it('adds copies × per copy over every service (144 for one copy of each by default)', () => {
    expect(connectionBudget({}, {}).total).toBe(144);
    const two = connectionBudget({ auth: 2, events: 2, nft: 2, rewards: 2, marketplace: 2, bounties: 2 }, {});
    expect(two.total).toBe(288);
    expect(connectionBudget({ marketplace: 3 }, { DB_POOL_MAX: '10' })).toEqual({
      byService: { auth: 10, nft: 15, marketplace: 48, bounties: 17, rewards: 15, events: 11 },
      engineWorkers: 0,
      total: 116,
    });
  });

  it('counts each engine worker process: a connection per thread, two spare, pg-boss and the outbox LISTEN', () => {
    expect(connectionBudget({}, {}, 1).engineWorkers).toBe(2 + 2 + 4 + 1);
    expect(connectionBudget({}, { ENGINE_WORKERS: '4', JOBS_POOL_MAX: '2' }, 3)).toMatchObject({ engineWorkers: 3 * (4 + 2 + 2 + 1) });
    expect(connectionBudget({}, {}, 2).total).toBe(144 + 18);
    expect(connectionBudgetWarning(connectionBudget({}, {}, 1), { maxConnections: 150 })).toMatch(/may open 153 connections .*events 21, engine workers 9/);
  });

  it("warns when the budget exceeds the server's max_connections less its reserved ones", () => {
    const defaults = connectionBudget({}, {});
    expect(connectionBudgetWarning(defaults, { maxConnections: 300 })).toBeNull();
    expect(connectionBudgetWarning(defaults, { maxConnections: 147 })).toBeNull();
    expect(connectionBudgetWarning(defaults, { maxConnections: 146 })).toMatch(/may open 144 connections .* more than the 143 its max_connections leaves/);
    expect(connectionBudgetWarning(defaults, { maxConnections: 100 })).toMatch(
      /auth 20, nft 25, marketplace 26, bounties 27, rewards 25, events 21.*lower DB_POOL_MAX/,
    );
    expect(connectionBudgetWarning(connectionBudget({}, { DB_POOL_MAX: '10' }), { maxConnections: 100, reservedConnections: 13 })).toBeNull();
  });

  it('asks the server its limits (the test servers allow 300: two copies of each fit at the default pools, three do not)', async () => {
    const copies = (n: number) => ({ auth: n, events: n, nft: n, rewards: n, marketplace: n, bounties: n });
    expect(await checkConnectionBudget(inject('databaseUrl'), copies(2), {})).toBeNull();
    expect(await checkConnectionBudget(inject('databaseUrl'), copies(3), {})).toMatch(/may open 432 connections .* more than the 297/);
  });
});
