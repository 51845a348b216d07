import { z } from 'zod';
import { type CardProcessorConfig, cardProcessorEnv, solanaTreasuryEnv } from '@starforge/payments/server';

const bountiesEnvSchema = z.object({
  /** The platform's treasury, which a Pro plan paid with Solana pays (the marketplace's too). */
  ...solanaTreasuryEnv,
  /** Who takes card payments (`simulated` here), as the marketplace's. */
  ...cardProcessorEnv,
});

export interface BountiesConfig {
  solanaTreasury: string;
  cardProcessor: CardProcessorConfig;
}

/** The bounties service's settings; the one place in the service that reads `process.env`. */
export const readBountiesConfig = (source: NodeJS.ProcessEnv = process.env): BountiesConfig => {
  const env = bountiesEnvSchema.parse(source);
  return { solanaTreasury: env.SOLANA_TREASURY, cardProcessor: { mode: env.CARD_PROCESSOR, settlementDays: env.CARD_SETTLEMENT_DAYS } };
};
