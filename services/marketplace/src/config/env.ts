import { z } from 'zod';
import { type CardProcessorConfig, cardProcessorEnv, solanaTreasuryEnv } from '@starforge/payments/server';

const marketplaceEnvSchema = z.object({
  /** The platform's treasury: the Solana address every Solana payment pays to (shared with the bounties' Pro plan). */
  ...solanaTreasuryEnv,
  /** Who takes card payments (`simulated` here) and, simulated, the days a payment takes to settle (default 7). */
  ...cardProcessorEnv,
});

export interface MarketplaceConfig {
  solanaTreasury: string;
  cardProcessor: CardProcessorConfig;
}

/** The marketplace service's settings; the one place in the service that reads `process.env`. */
export const readMarketplaceConfig = (source: NodeJS.ProcessEnv = process.env): MarketplaceConfig => {
  const env = marketplaceEnvSchema.parse(source);
  return { solanaTreasury: env.SOLANA_TREASURY, cardProcessor: { mode: env.CARD_PROCESSOR, settlementDays: env.CARD_SETTLEMENT_DAYS } };
};
