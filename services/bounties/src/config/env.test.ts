import { describe, expect, it } from 'vitest';
import { newSolanaReference } from '@starforge/payments/server';
import { readBountiesConfig } from './env';
import { CARD_SETTLEMENT_DAYS } from '@starforge/payments/wire';

describe('readBountiesConfig', () => {
  it('reads the one treasury the marketplace pays too', () => {
    const treasury = newSolanaReference();
    expect(readBountiesConfig({ SOLANA_TREASURY: ` ${treasury} ` })).toEqual({
      solanaTreasury: treasury,
      cardProcessor: { mode: 'simulated', settlementDays: CARD_SETTLEMENT_DAYS },
    });
  });

  it('refuses to start without a treasury, or with one that is not a 32-byte base58 key', () => {
    expect(() => readBountiesConfig({})).toThrow(/SOLANA_TREASURY must be set/);
    expect(() => readBountiesConfig({ SOLANA_TREASURY: '1'.repeat(31) })).toThrow(/base58 of a 32-byte key/);
  });
});
