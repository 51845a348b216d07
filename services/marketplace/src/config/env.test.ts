import { describe, expect, it } from 'vitest';
import { newSolanaReference } from '@starforge/payments/server';
import { readMarketplaceConfig } from './env';
import { CARD_SETTLEMENT_DAYS } from '@starforge/payments/wire';

describe('readMarketplaceConfig', () => {
  it('reads the treasury address', () => {
    const treasury = newSolanaReference();
    expect(readMarketplaceConfig({ SOLANA_TREASURY: ` ${treasury} ` })).toEqual({
      solanaTreasury: treasury,
      cardProcessor: { mode: 'simulated', settlementDays: CARD_SETTLEMENT_DAYS },
    });
  });

  it('names the card processor: simulated (the only mode here), its settlement days configurable', () => {
    const SOLANA_TREASURY = newSolanaReference();
    expect(readMarketplaceConfig({ SOLANA_TREASURY, CARD_PROCESSOR: 'simulated', CARD_SETTLEMENT_DAYS: '2' }).cardProcessor).toEqual({
      mode: 'simulated',
      settlementDays: 2,
    });
    expect(() => readMarketplaceConfig({ SOLANA_TREASURY, CARD_PROCESSOR: 'stripe' })).toThrow(/CARD_PROCESSOR must be one of: simulated/);
    expect(() => readMarketplaceConfig({ SOLANA_TREASURY, CARD_SETTLEMENT_DAYS: '1.5' })).toThrow(/whole number of days/);
  });

  it('refuses to start without a treasury, or with one that is not a 32-byte base58 key', () => {
    expect(() => readMarketplaceConfig({})).toThrow(/SOLANA_TREASURY must be set/);
    // '1' is a zero byte in base58: 31 and 33 of them are keys of the wrong length.
    for (const bad of ['', 'not-an-address', '1'.repeat(31), '1'.repeat(33), `${newSolanaReference().slice(1)}0`]) {
      expect(() => readMarketplaceConfig({ SOLANA_TREASURY: bad }), bad).toThrow(/base58 of a 32-byte key/);
    }
  });
});
