import { randomBytes, randomInt } from 'node:crypto';
import bs58 from 'bs58';
import { TEST_BLOCK_MAX, TEST_BLOCK_MIN, TEST_GAS_MAX, TEST_GAS_MIN, TEST_SUCCESS_PROBABILITY } from '@starforge/contracts/rewards';
import { decodeSolanaAddress } from '@starforge/service-kit';

/** The simulated outcome of a test run (spec section 4): about 70 % complete with on-chain facts. */
export type TestOutcome = { completed: true; txHash: string; gasUsed: number; blockNumber: number } | { completed: false };

/** Draws a test run's outcome; `random` in [0, 1) decides success (injectable for tests). */
export const drawTestOutcome = (random: () => number = Math.random): TestOutcome =>
  random() < TEST_SUCCESS_PROBABILITY
    ? {
        completed: true,
        txHash: `0x${randomBytes(32).toString('hex')}`,
        gasUsed: randomInt(TEST_GAS_MIN, TEST_GAS_MAX + 1),
        blockNumber: randomInt(TEST_BLOCK_MIN, TEST_BLOCK_MAX + 1),
      }
    : { completed: false };

/** A simulated Solana transaction signature: 64 random bytes in base58, 88 characters as most are. */
export const simulatedSignature = (): string => {
  for (;;) {
    const signature = bs58.encode(randomBytes(64));
    if (signature.length === 88) return signature;
  }
};

/** Whether text is a Solana address a withdrawal can be sent to: base58 of a 32-byte public key. */
export const isSolanaAddress = (text: string): boolean => decodeSolanaAddress(text) !== null;
