import { z } from 'zod';
import { decodeSolanaAddress } from '@starforge/service-kit/solana-address';

/**
 * `SOLANA_TREASURY`, the platform's one treasury: the Solana address every Solana payment pays
 * (the marketplace's checkout, the Pro plan). Required, so a deployment never pays into an
 * address it did not choose; the launcher passes a development one. A service's `config/env.ts`
 * spreads this into its schema.
 */
export const solanaTreasuryEnv = {
  SOLANA_TREASURY: z
    .string('SOLANA_TREASURY must be set to the Solana address (base58) payments go to')
    .trim()
    .refine((address) => decodeSolanaAddress(address) !== null, 'SOLANA_TREASURY must be a Solana address: base58 of a 32-byte key'),
};
