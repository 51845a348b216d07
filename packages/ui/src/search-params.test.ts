import { describe, expect, it } from 'vitest';
import { readSearch, searchParamsOf } from './search-params';

describe('a paged search in the URL', () => {
  it('reads q trimmed and the page, defaulting to everything on page 1', () => {
    expect(readSearch(new URLSearchParams(''), 100)).toEqual({ q: '', page: 1 });
    expect(readSearch(new URLSearchParams('q=%20Orion%20&page=3'), 100)).toEqual({ q: 'Orion', page: 3 });
  });

  it('reads a page that is no whole number from 1 as page 1', () => {
    for (const page of ['0', '-2', '1.5', 'two', '', '99999999']) expect(readSearch(new URLSearchParams({ page }), 100).page).toBe(1);
  });

  it('cuts q to what the server takes', () => {
    expect(readSearch(new URLSearchParams({ q: 'x'.repeat(150) }), 100).q).toHaveLength(100);
  });

  it('writes only what differs from the first page of everything', () => {
    expect(searchParamsOf({ q: '', page: 1 }).toString()).toBe('');
    expect(searchParamsOf({ q: 'sirius b', page: 1 }).toString()).toBe('q=sirius+b');
    expect(searchParamsOf({ q: '', page: 2 }).toString()).toBe('page=2');
  });
});
