import { describe, expect, it } from 'vitest';
import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('wraps the text in % and escapes \\, % and _ so they match literally', () => {
    expect(containsPattern('nebula')).toBe('%nebula%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('')).toBe('%%');
  });
});
