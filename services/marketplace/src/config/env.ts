import { z } from 'zod';
import { decodeSolanaAddress } from '@starforge/service-kit';

const marketplaceEnvSchema = z.object({
  /**
   * The platform's treasury: the Solana address every Solana payment pays to. Required, so a
   * deployment never pays into an address it did not choose; the launcher passes a development one.
   */
  MARKETPLACE_SOLANA_TREASURY: z
    .string('MARKETPLACE_SOLANA_TREASURY must be set to the Solana address (base58) payments go to')
    .trim()
    .refine((address) => decodeSolanaAddress(address) !== null, 'MARKETPLACE_SOLANA_TREASURY must be a Solana address: base58 of a 32-byte key'),
});

export interface MarketplaceConfig {
  solanaTreasury: string;
}

/** The marketplace service's settings; the one place in the service that reads `process.env`. */
export const readMarketplaceConfig = (source: NodeJS.ProcessEnv = process.env): MarketplaceConfig => {
  const env = marketplaceEnvSchema.parse(source);
  return { solanaTreasury: env.MARKETPLACE_SOLANA_TREASURY };
};
