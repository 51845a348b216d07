import { z } from 'zod';
import { solanaTreasuryEnv } from '@starforge/service-kit/solana-payment/treasury';

const bountiesEnvSchema = z.object({
  /** The platform's treasury, which a Pro plan paid with Solana pays (the marketplace's too). */
  ...solanaTreasuryEnv,
});

export interface BountiesConfig {
  solanaTreasury: string;
}

/** The bounties service's settings; the one place in the service that reads `process.env`. */
export const readBountiesConfig = (source: NodeJS.ProcessEnv = process.env): BountiesConfig => {
  const env = bountiesEnvSchema.parse(source);
  return { solanaTreasury: env.SOLANA_TREASURY };
};
