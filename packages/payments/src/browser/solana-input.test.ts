import { describe, expect, it } from 'vitest';
import { requestMatchesTotal, solanaInput } from './solana-input';

const wallet = '7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5';

describe('solanaInput', () => {
  it('needs a signed-in user first', () => {
    expect(solanaInput({ signedIn: false, walletAddress: wallet, canSign: true })).toEqual({ ok: false, message: 'User not authenticated' });
  });

  it('needs a connected wallet that can sign', () => {
    expect(solanaInput({ signedIn: true, walletAddress: '', canSign: true })).toEqual({ ok: false, message: 'Please connect your Solana wallet first' });
    expect(solanaInput({ signedIn: true, walletAddress: wallet, canSign: false })).toMatchObject({ ok: false });
  });

  it('needs nothing the caller says stands in the way', () => {
    expect(solanaInput({ signedIn: true, walletAddress: wallet, canSign: true, problem: 'Your cart is empty' })).toEqual({
      ok: false,
      message: 'Your cart is empty',
    });
    expect(solanaInput({ signedIn: true, walletAddress: wallet, canSign: true })).toEqual({ ok: true, walletAddress: wallet });
  });
});

describe('requestMatchesTotal', () => {
  it('accepts a request for the shown total, in lamports at total / 100 SOL', () => {
    expect(requestMatchesTotal({ total_cents: 1250, lamports: '125000000' }, 1250)).toBe(true);
  });

  it('refuses a request for another total or another amount', () => {
    expect(requestMatchesTotal({ total_cents: 1300, lamports: '130000000' }, 1250)).toBe(false);
    expect(requestMatchesTotal({ total_cents: 1250, lamports: '125000001' }, 1250)).toBe(false);
  });
});
