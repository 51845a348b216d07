import { describe, expect, it } from 'vitest';
import { listingsUrl } from './search-params';

describe('the search sent to the API', () => {
  it('asks with both parameters, escaped', () => {
    expect(listingsUrl({ q: '50% & more', page: 2 })).toBe('/api/marketplace/listings?q=50%25+%26+more&page=2');
  });
});
