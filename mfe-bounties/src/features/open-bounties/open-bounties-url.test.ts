import { describe, expect, it } from 'vitest';
import { openBountiesUrl } from './open-bounties-url';

describe('the open bounties asked of the API', () => {
  it('sends the search and the page, escaped', () => {
    expect(openBountiesUrl({ q: '', page: 1 })).toBe('/api/bounties/bounties/open?q=&page=1');
    expect(openBountiesUrl({ q: 're-entrancy & 50%', page: 3 })).toBe('/api/bounties/bounties/open?q=re-entrancy+%26+50%25&page=3');
  });
});
