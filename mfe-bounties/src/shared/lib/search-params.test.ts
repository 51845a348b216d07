import { describe, expect, it } from 'vitest';
import { listSearch, readProject } from './search-params';

const id = '9b2f7c4e-3d1a-4c8b-a6e5-0f1d2c3b4a59';

describe('the list parameters', () => {
  it('reads a project id, and ignores what is none', () => {
    expect(readProject(new URLSearchParams(`project=${id.toUpperCase()}`))).toBe(id);
    expect(readProject(new URLSearchParams('project=42'))).toBeNull();
    expect(readProject(new URLSearchParams(''))).toBeNull();
  });

  it('writes the filters and the page, leaving out what is empty or the first page', () => {
    expect(listSearch({ project: id }, 2)).toBe(`?project=${id}&page=2`);
    expect(listSearch({ project: null }, 1)).toBe('');
    expect(listSearch({}, 3)).toBe('?page=3');
  });
});
