import { describe, expect, it } from 'vitest';
import { readPoolSizes } from './env';

describe('pool sizes', () => {
  it('default to 20 connections for the pool and 4 for the jobs', () => {
    expect(readPoolSizes('nft', {})).toEqual({ pool: 20, jobs: 4 });
  });

  it("take DB_POOL_MAX for every service, and DB_POOL_MAX_<SERVICE> over it for that service's own", () => {
    const env = { DB_POOL_MAX: '10', DB_POOL_MAX_EVENTS: '3', JOBS_POOL_MAX: '2' };
    expect(readPoolSizes('events', env)).toEqual({ pool: 3, jobs: 2 });
    expect(readPoolSizes('auth', env)).toEqual({ pool: 10, jobs: 2 });
  });

  it('refuse a size that is not a whole number from 1 to 500, naming the setting', () => {
    expect(() => readPoolSizes('events', { DB_POOL_MAX_EVENTS: '0' })).toThrow(/DB_POOL_MAX_EVENTS/);
    expect(() => readPoolSizes('events', { DB_POOL_MAX: 'many' })).toThrow(/DB_POOL_MAX/);
    expect(() => readPoolSizes('nft', { JOBS_POOL_MAX: '2.5' })).toThrow(/JOBS_POOL_MAX/);
  });
});
