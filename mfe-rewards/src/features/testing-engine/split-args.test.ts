import { describe, expect, it } from 'vitest';
import { splitArgs } from './split-args';

describe('splitArgs', () => {
  it('splits on commas outside brackets and quotes', () => {
    expect(splitArgs('0xdead, 250')).toEqual(['0xdead', '250']);
    expect(splitArgs('[1,2], (3,4), "a,b"')).toEqual(['[1,2]', '(3,4)', '"a,b"']);
    expect(splitArgs('')).toEqual([]);
    expect(splitArgs('  ')).toEqual([]);
    expect(splitArgs('1,')).toEqual(['1', '']);
  });
});
