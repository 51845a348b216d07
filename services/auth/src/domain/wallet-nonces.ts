import { randomBytes } from 'node:crypto';
import { PRODUCT_NAME, WALLET_NONCE_TTL_SECONDS, walletSignInMessage, type WalletChallenge } from '@starforge/contracts';
import type { Db } from '@starforge/service-kit';

/** Hands out a sign-in challenge for the address, to be signed for this domain within 5 minutes. */
export const issueWalletChallenge = async (db: Db, address: string, domain: string): Promise<WalletChallenge> => {
  const nonce = randomBytes(16).toString('hex');
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + WALLET_NONCE_TTL_SECONDS * 1000);
  const message = walletSignInMessage({ product: PRODUCT_NAME, address, domain, nonce, issuedAt: issuedAt.toISOString() });
  await db`
    insert into wallet_nonces (nonce, wallet_address, domain, message, issued_at, expires_at)
    values (${nonce}, ${address}, ${domain}, ${message}, ${issuedAt}, ${expiresAt})`;
  return { nonce, message, issued_at: issuedAt.toISOString(), expires_at: expiresAt.toISOString() };
};

const NONCE_LINE = /^Nonce: ([0-9a-f]+)$/m;

/**
 * Spends the challenge the message answers, once: it must be unexpired, unspent, issued for
 * this address and this domain, and the message must be exactly the text that was issued.
 * The conditional update decides between two racing uses.
 */
export const consumeWalletChallenge = async (db: Db, proof: { address: string; message: string; domain: string }): Promise<boolean> => {
  const nonce = NONCE_LINE.exec(proof.message)?.[1];
  if (!nonce) return false;
  const rows = await db`
    update wallet_nonces set consumed_at = now()
    where nonce = ${nonce}
      and wallet_address = ${proof.address}
      and domain = ${proof.domain}
      and message = ${proof.message}
      and consumed_at is null
      and expires_at > now()
    returning nonce`;
  return rows.length === 1;
};
