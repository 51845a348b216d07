import { describe, expect, it } from 'vitest';
import { MAX_PAGE } from '@starforge/contracts/shared';
import { errorOf } from '@starforge/test-db/harness';
import { bountiesTestContext, callAs, signIn } from '../testing/harness';

const ctx = bountiesTestContext();

// issue 26, item 11: page=0x10 was read as 16, an empty page= was refused, page=1e308 named 2^53 as the maximum.
describe('?page= on every paged list', () => {
  it('reads decimal digits within its range, empty as the first page, and names the rule otherwise', async () => {
    const who = await signIn(ctx);
    for (const path of ['/projects', '/bounties', '/bounties/open']) {
      const page = (value: string) => callAs(ctx, who, 'GET', `${path}?page=${encodeURIComponent(value)}`);
      expect((await page('')).body, path).toMatchObject({ page: 1 });
      expect((await page('3')).body, path).toMatchObject({ page: 3 });
      for (const value of ['0x10', '1e308', '0', String(MAX_PAGE + 1), ' 2']) {
        expect(errorOf(await page(value)), `${path} ${value}`).toMatchObject({ status: 400, message: `page must be a whole number from 1 to ${MAX_PAGE}` });
      }
    }
  });
});
