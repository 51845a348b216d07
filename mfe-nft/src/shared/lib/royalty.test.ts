import { describe, expect, it } from 'vitest';
import { parseRoyalty, royaltyIssue } from './royalty';

describe('parseRoyalty', () => {
  it('reads a number as typed', () => {
    expect(parseRoyalty('5')).toBe(5);
    expect(parseRoyalty(' 2.5 ')).toBe(2.5);
    expect(parseRoyalty('10')).toBe(10);
  });

  it('makes anything that is not a number 0', () => {
    for (const text of ['', '  ', 'abc', '5%', '1e999', 'NaN']) expect(parseRoyalty(text)).toBe(0);
  });
});

describe('royaltyIssue', () => {
  it('accepts 0 to 10 in steps of 0.1', () => {
    for (const value of [0, 0.1, 2.3, 5, 9.9, 10]) expect(royaltyIssue(value)).toBeNull();
  });

  it('refuses what is outside 0 to 10', () => {
    for (const value of [-0.1, 10.1, 50]) expect(royaltyIssue(value)).toBe('Royalty must be between 0 and 10%');
  });

  it('refuses what is between tenths', () => {
    expect(royaltyIssue(2.55)).toBe('Royalty goes in steps of 0.1%');
  });
});
