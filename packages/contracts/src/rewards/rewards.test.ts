import { describe, expect, it } from 'vitest';
import { centsForPoints } from './points';
import { transactionRuleText, transactionSourcePath } from './ledger';
import { convertPointsSchema, withdrawSchema } from './schemas';

describe('rewards for people', () => {
  it('previews 1000 points as one dollar', () => {
    expect(centsForPoints(1000)).toBe(100);
    expect(centsForPoints(2510)).toBe(251);
  });

  it('links a ledger row to its source', () => {
    expect(transactionSourcePath({ type: 'nft_mint', id: 'n1' })).toBe('/nft/n1');
    // A run's own page, reachable however old the run (the dashboard lists only the latest few).
    expect(transactionSourcePath({ type: 'test_run', id: 'r1' })).toBe('/test-runs/r1');
    // A sale's proceeds and royalty rows carry the NFT's id: they link to its page.
    expect(transactionSourcePath({ type: 'nft_sale', id: 'n2' })).toBe('/nft/n2');
    expect(transactionRuleText.sale_proceeds).toMatch(/royalty/);
    expect(transactionRuleText.royalty).toMatch(/rounded down/);
    expect(transactionSourcePath({ type: 'achievement', id: 'first_test' })).toBe('/rewards#achievement-first_test');
    expect(transactionSourcePath(null)).toBeNull();
  });
});

describe('request schemas', () => {
  it('converts whole points from 1000 up, in steps of 10', () => {
    expect(convertPointsSchema.safeParse({ points: 1000 }).success).toBe(true);
    for (const points of [999, 0, -1000]) {
      expect(convertPointsSchema.safeParse({ points }).error?.issues[0]?.message, String(points)).toBe('Minimum conversion is 1000 points');
    }
    // Not a whole number under the minimum: named as what it is (issue 26, item 11).
    const message = (points: unknown) => convertPointsSchema.safeParse({ points }).error?.issues[0]?.message;
    expect([message(undefined), message('1000'), message(1000.5), message(1e308)]).toEqual([
      'points is required',
      'points must be a number',
      'points must be a whole number',
      `points must be at most ${Number.MAX_SAFE_INTEGER}`,
    ]);
    expect(convertPointsSchema.safeParse({ points: 1005 }).error?.issues[0]?.message).toMatch(/steps of 10/);
  });

  it('reads a withdrawal in cents and names what is wrong', () => {
    const wallet_address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    expect(withdrawSchema.parse({ wallet_address, amount: '1.50' })).toEqual({ wallet_address, amount: 150 });
    const message = (body: unknown) => withdrawSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ wallet_address: '', amount: '1' })).toBe('Please connect your Solana wallet first');
    expect(message({ amount: '1' })).toBe('Please connect your Solana wallet first');
    expect(message({ wallet_address, amount: '-2' })).toBe('Please enter a valid withdrawal amount');
    expect(message({ wallet_address, amount: '0.001' })).toBe('Minimum withdrawal amount is $0.01');
  });
});
