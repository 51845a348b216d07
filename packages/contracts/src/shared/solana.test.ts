import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { walletNonceBodySchema, walletProofBodySchema } from '../auth/schemas';
import { rewardsMessages } from '../rewards/messages';
import { withdrawSchema } from '../rewards/schemas';
import { solanaAddressSchema } from './solana';

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

// Every place a client sends a Solana address, with what it says when the address is not one.
const uses: [string, z.ZodType, string][] = [
  ['wallet challenge', walletNonceBodySchema.shape.address, 'Invalid Solana address'],
  ['wallet proof', walletProofBodySchema.shape.address, 'Invalid Solana address'],
  ['withdrawal', withdrawSchema.shape.wallet_address, rewardsMessages.connectWalletFirst],
];

describe('the one Solana address schema', () => {
  it.each(uses)('the %s reads an address exactly as the others do', (_, schema) => {
    for (const [input, address] of [
      [ADDRESS, ADDRESS],
      [` ${ADDRESS}\n`, ADDRESS],
      ['1'.repeat(32), '1'.repeat(32)],
    ]) {
      expect(schema.parse(input), JSON.stringify(input)).toBe(address);
      expect(solanaAddressSchema.parse(input)).toBe(address);
    }
  });

  it.each(uses)('the %s refuses what the others refuse, in its own words', (_, schema, message) => {
    for (const input of ['', '1'.repeat(31), '1'.repeat(45), `${ADDRESS.slice(0, 40)}0OIl`, `${ADDRESS}\0`, `${ADDRESS.slice(1)}\uD800`, 42, null, undefined]) {
      expect(schema.safeParse(input).error?.issues[0]?.message, JSON.stringify(input)).toBe(message);
      expect(solanaAddressSchema.safeParse(input).success).toBe(false);
    }
  });
});
