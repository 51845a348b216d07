import { z } from 'zod';
import { solanaTreasuryEnv } from '@starforge/service-kit/solana-payment/treasury';

const marketplaceEnvSchema = z.object({
  /** The platform's treasury: the Solana address every Solana payment pays to (shared with the bounties' Pro plan). */
  ...solanaTreasuryEnv,
});

export interface MarketplaceConfig {
  solanaTreasury: string;
}

/** The marketplace service's settings; the one place in the service that reads `process.env`. */
export const readMarketplaceConfig = (source: NodeJS.ProcessEnv = process.env): MarketplaceConfig => {
  const env = marketplaceEnvSchema.parse(source);
  return { solanaTreasury: env.SOLANA_TREASURY };
};
