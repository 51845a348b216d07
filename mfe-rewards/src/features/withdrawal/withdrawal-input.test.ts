import { describe, expect, it } from 'vitest';
import { shortcutCents, withdrawalInput } from './withdrawal-input';

const wallet = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('withdrawalInput', () => {
  it('accepts an amount within the balance, in cents', () => {
    expect(withdrawalInput({ walletAddress: wallet, amount: '12.5', cashBalanceCents: 1250 })).toEqual({ ok: true, cents: 1250 });
    expect(withdrawalInput({ walletAddress: wallet, amount: '0.01', cashBalanceCents: 1 })).toEqual({ ok: true, cents: 1 });
  });

  it('checks in the spec order: wallet, valid amount, balance, minimum', () => {
    expect(withdrawalInput({ walletAddress: '', amount: 'abc', cashBalanceCents: 0 })).toEqual({
      ok: false,
      message: 'Please connect your Solana wallet first',
    });
    for (const amount of ['', '0', '-3', 'abc', '1.234']) {
      expect(withdrawalInput({ walletAddress: wallet, amount, cashBalanceCents: 0 })).toEqual({ ok: false, message: 'Please enter a valid withdrawal amount' });
    }
    expect(withdrawalInput({ walletAddress: wallet, amount: '10.01', cashBalanceCents: 1000 })).toEqual({
      ok: false,
      message: 'Insufficient balance for withdrawal',
    });
    expect(withdrawalInput({ walletAddress: wallet, amount: '0.001', cashBalanceCents: 0 })).toEqual({
      ok: false,
      message: 'Insufficient balance for withdrawal',
    });
    expect(withdrawalInput({ walletAddress: wallet, amount: '0.001', cashBalanceCents: 500 })).toEqual({
      ok: false,
      message: 'Minimum withdrawal amount is $0.01',
    });
  });
});

describe('shortcutCents', () => {
  it('takes the share of the balance, rounded down to the cent', () => {
    expect(shortcutCents(1001, 25)).toBe(250);
    expect(shortcutCents(1001, 50)).toBe(500);
    expect(shortcutCents(1001, 75)).toBe(750);
    expect(shortcutCents(1001, 100)).toBe(1001);
    expect(shortcutCents(-5, 100)).toBe(0);
  });
});
