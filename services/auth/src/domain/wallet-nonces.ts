import { randomBytes } from 'node:crypto';
import { SIWS_CHAIN_ID, WALLET_NONCE_TTL_SECONDS, siwsMessage, siwsStatement, type WalletChallenge, type WalletProofPurpose } from '@starforge/contracts/auth';
import type { Db } from '@starforge/service-kit';
import type { AuthConfig } from '../config/env';

/** Where challenges are issued for: the product's public origin, from configuration, never a request header. */
export interface ChallengeSite {
  /** Host (and port) of the public origin: `localhost:3000`. */
  domain: string;
  /** The public origin itself: `http://localhost:3000`. */
  uri: string;
}

/** The site of the configured public origin. */
export const challengeSite = (config: Pick<AuthConfig, 'publicOrigin'>): ChallengeSite => {
  const origin = new URL(config.publicOrigin);
  return { domain: origin.host, uri: origin.origin };
};

/**
 * Hands out a single-use Sign-In With Solana challenge for the address and purpose, naming
 * the configured site, valid 5 minutes. The exact text is kept, to be matched when spent.
 */
export const issueWalletChallenge = async (db: Db, site: ChallengeSite, address: string, purpose: WalletProofPurpose): Promise<WalletChallenge> => {
  const nonce = randomBytes(16).toString('hex');
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + WALLET_NONCE_TTL_SECONDS * 1000);
  const input = {
    domain: site.domain,
    address,
    statement: siwsStatement(purpose, address),
    uri: site.uri,
    version: '1' as const,
    chainId: SIWS_CHAIN_ID,
    nonce,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expiresAt.toISOString(),
  };
  const message = siwsMessage(input);
  // Expired challenges go as new ones come (indexed by expiry), so they never pile up.
  await db`delete from wallet_nonces where expires_at <= now()`;
  await db`
    insert into wallet_nonces (nonce, wallet_address, domain, purpose, message, issued_at, expires_at)
    values (${nonce}, ${address}, ${site.domain}, ${purpose}, ${message}, ${issuedAt}, ${expiresAt})`;
  return { nonce, message, input, issued_at: input.issuedAt, expires_at: input.expirationTime };
};

const NONCE_LINE = /^Nonce: ([0-9a-f]+)$/m;

/**
 * Spends the challenge the message answers, once: it must be unexpired, issued for this
 * address, this site and this purpose, and the message must be exactly the text that was
 * issued (a wallet's `signIn` builds the same text from the same input). Spending deletes it;
 * the conditional delete decides between two racing uses.
 */
export const consumeWalletChallenge = async (
  db: Db,
  proof: { address: string; message: string; domain: string; purpose: WalletProofPurpose },
): Promise<boolean> => {
  const nonce = NONCE_LINE.exec(proof.message)?.[1];
  if (!nonce) return false;
  const rows = await db`
    delete from wallet_nonces
    where nonce = ${nonce}
      and wallet_address = ${proof.address}
      and domain = ${proof.domain}
      and purpose = ${proof.purpose}
      and message = ${proof.message}
      and expires_at > now()
    returning nonce`;
  return rows.length === 1;
};
