import { describe, expect, it } from 'vitest';
import { stakeAmount, unstakeAmount } from './token-amount';

describe('stake and unstake amounts', () => {
  it('accepts a whole positive amount within the balance', () => {
    expect(stakeAmount(' 250 ', 1000)).toEqual({ ok: true, amount: 250 });
    expect(unstakeAmount('100', 100)).toEqual({ ok: true, amount: 100 });
  });

  it('refuses what is not a positive whole number with the spec words', () => {
    for (const text of ['', '0', '-5', 'abc', '1.5', '1e3']) {
      expect(stakeAmount(text, 1000)).toEqual({ ok: false, message: 'Please enter a valid amount to stake' });
      expect(unstakeAmount(text, 1000)).toEqual({ ok: false, message: 'Please enter a valid amount to unstake' });
    }
  });

  it('refuses more than the balance', () => {
    expect(stakeAmount('1001', 1000)).toEqual({ ok: false, message: 'Insufficient tokens to stake' });
    expect(unstakeAmount('1', 0)).toEqual({ ok: false, message: 'Insufficient staked tokens to unstake' });
  });
});
