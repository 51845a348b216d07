import './zod';
import { z } from 'zod';

/** Base58 letters (no 0, O, I or l), 32 to 44 of them: how a 32-byte Solana public key is written. */
const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const invalidSolanaAddressMessage = 'Invalid Solana address';

/**
 * The one schema for a Solana address sent by a client (a wallet to sign in with, a wallet to
 * pay out to), trimmed and checked against the base58 alphabet and length; `message` is what the
 * screen says when it is not one (the withdrawal form: 'Please connect your Solana wallet first').
 * The pattern admits base58 letters only, so no NUL or lone surrogate gets through (`text()`'s
 * checks). Whether the letters decode to exactly 32 bytes is the server's last check
 * (`decodeSolanaAddress` in the service kit), which a browser needs no base58 decoder for.
 */
export const solanaAddress = (message: string = invalidSolanaAddressMessage) => z.string(message).trim().regex(SOLANA_ADDRESS_PATTERN, message);

/** A Solana address that answers 'Invalid Solana address' when it is not one. */
export const solanaAddressSchema = solanaAddress();
