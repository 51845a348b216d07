import { afterAll, describe, expect, it } from 'vitest';
import type { Jobs } from '@starforge/service-kit';
import { eventually } from './eventually';
import { testSql } from './index';
import { testJobs } from './jobs';

describe('testJobs', () => {
  const opened: Jobs[] = [];
  afterAll(() => Promise.all(opened.map((jobs) => jobs.stop({ timeoutMs: 1_000 }))));

  it("gives each test file a queue schema of its own, so one file's workers never run another file's jobs", async () => {
    const sql = await testSql([]);
    try {
      const [mine, theirs] = [testJobs('nft'), testJobs('nft')];
      opened.push(mine, theirs);
      expect(mine.schema).toMatch(/^nft_t_[0-9a-f]{12}_jobs$/);
      expect(theirs.schema).not.toBe(mine.schema);

      const ran: Record<string, string[]> = { mine: [], theirs: [] };
      mine.work<{ tag: string }>('mint.complete', async ({ tag }) => void ran.mine?.push(tag));
      theirs.work<{ tag: string }>('mint.complete', async ({ tag }) => void ran.theirs?.push(tag));
      await Promise.all([mine.start(), theirs.start()]);
      await mine.enqueue(sql, 'mint.complete', { tag: 'mine' });
      await theirs.enqueue(sql, 'mint.complete', { tag: 'theirs' });
      await eventually(() => expect(ran).toEqual({ mine: ['mine'], theirs: ['theirs'] }));
    } finally {
      await sql.end();
    }
  });

  it('opens the same queues again by name, as a restarted service finds them', () => {
    const first = testJobs('bounties');
    const again = testJobs('bounties', { service: first.schema.replace(/_jobs$/, '') });
    expect(again.schema).toBe(first.schema);
  });
});
