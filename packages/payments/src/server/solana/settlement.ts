import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';

/** The blockhash a new payment request hands out, and the last block height at which it is still accepted (null: unknown, offline). */
export interface SolanaBlockhash {
  blockhash: string;
  lastValidBlockHeight: number | null;
}

/** What the payment request promised, for the settlement to hold the transaction to. */
export interface SolanaSettlementExpectation extends SolanaBlockhash {
  /** The payer's signature (base58), the transaction's id on chain. */
  signature: string;
}

/** The network refused the transaction, or it can no longer land (its blockhash expired unconfirmed): nobody was charged. */
export class SolanaSettlementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolanaSettlementError';
  }
}

/**
 * Everything a Solana payment needs from the network, behind one interface: the blockhash a
 * payment request is built on, and, once the signed transaction is verified, sending it and
 * waiting for its confirmation. A service holds one; the verification itself
 * (`verifySolanaTransfer`) never needs the network.
 */
export interface SolanaSettlement {
  latestBlockhash(): Promise<SolanaBlockhash>;
  /**
   * Sends the verified wire bytes and resolves with the signature once the transaction is
   * confirmed; rejects with `SolanaSettlementError` when it did not land, with anything else
   * when the network could not be asked.
   */
  settle(wire: Buffer, expect: SolanaSettlementExpectation): Promise<{ signature: string }>;
}

/**
 * The settlement of a machine with no network (this product as it ships, its tests): a fresh
 * random blockhash per request (no real one can be had), and the verified transaction is taken
 * as it is, settled at once. A production deployment passes an RPC-backed one instead
 * (`services/marketplace/README.md`, "Sending and confirming").
 */
export const offlineSolanaSettlement: SolanaSettlement = {
  latestBlockhash: async () => ({ blockhash: bs58.encode(randomBytes(32)), lastValidBlockHeight: null }),
  settle: async (_wire, expect) => ({ signature: expect.signature }),
};

/** A payment request's fresh reference key: the base58 of 32 random bytes, unique to the request and findable on chain. */
export const newSolanaReference = (): string => bs58.encode(randomBytes(32));
