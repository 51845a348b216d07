import { describe, expect, it } from 'vitest';
import { addTag, tagsIssue } from './tags';

describe('addTag', () => {
  it('adds the typed tag trimmed, after the others', () => {
    expect(addTag(['art'], '  space  ')).toEqual({ ok: true, tags: ['art', 'space'] });
  });

  it('adds nothing for a blank tag', () => {
    expect(addTag(['art'], '   ')).toEqual({ ok: true, tags: ['art'] });
  });

  it('refuses a tag already there, ignoring case', () => {
    expect(addTag(['Art'], 'art ')).toEqual({ ok: false, message: 'That tag is already added' });
  });

  it('refuses a sixth tag', () => {
    expect(addTag(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual({ ok: false, message: 'At most 5 tags' });
  });

  it('refuses a tag longer than 30 characters', () => {
    expect(addTag([], 'x'.repeat(31))).toEqual({ ok: false, message: 'A tag is at most 30 characters' });
    expect(addTag([], 'x'.repeat(30))).toEqual({ ok: true, tags: ['x'.repeat(30)] });
  });
});

describe('tagsIssue', () => {
  it('accepts none, and up to five distinct tags', () => {
    expect(tagsIssue([])).toBeNull();
    expect(tagsIssue(['a', 'b', 'c', 'd', 'e'])).toBeNull();
  });

  it('says what is wrong with a list typed in one go', () => {
    expect(tagsIssue(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('At most 5 tags');
    expect(tagsIssue(['Moon', 'moon'])).toBe('That tag is already added');
  });
});
