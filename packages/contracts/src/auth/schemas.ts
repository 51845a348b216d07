import '../shared/zod';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../shared/constants';
import { apiIssue } from '../shared/api-issue';
import { authMessages } from './messages';
import { siwsInputSchema, walletProofPurposes } from './siws';
import { solanaAddressSchema } from '../shared/solana';
import { text } from '../shared/text';

/**
 * Wire formats of the auth service (`/api/auth`). Field names follow the spec's session
 * entity (snake_case, as the hosted auth service it describes). The refresh token never
 * appears in a body: it travels only in the httpOnly `sf_refresh` cookie.
 */

export const authErrorCodes = {
  invalidCredentials: 'invalid_credentials',
  userAlreadyExists: 'user_already_exists',
  weakPassword: 'weak_password',
  sessionNotFound: 'session_not_found',
  invalidJwt: 'invalid_jwt',
  refreshTokenReused: 'refresh_token_already_used',
  walletProofInvalid: 'wallet_proof_invalid',
  walletAlreadyLinked: 'wallet_already_linked',
  walletNotLinked: 'wallet_not_linked',
  walletOnlySignIn: 'wallet_only_sign_in',
  rateLimited: 'over_request_rate_limit',
  emailNotConfirmed: 'email_not_confirmed',
} as const;

export const emailSchema = text().trim().toLowerCase().email('Please enter a valid email address').max(254);
/** A new password; too short is `weak_password` (422), as clients of the hosted service expect. */
export const passwordSchema = text()
  .max(256, 'Password is too long')
  .refine((password) => password.length >= MIN_PASSWORD_LENGTH, { message: authMessages.passwordTooShort, params: apiIssue(authErrorCodes.weakPassword, 422) });
const nameSchema = text().trim().max(100, 'Names are at most 100 characters');

export const userMetadataSchema = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  wallet_address: z.string().optional(),
  wallet_type: z.literal('solana').optional(),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;

export const identitySchema = z.object({
  provider: z.enum(['email', 'solana']),
  /** The provider's subject: the e-mail address, or the wallet address. */
  id: z.string(),
  identity_id: z.string(),
  created_at: z.string(),
});

export const userSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  created_at: z.string(),
  user_metadata: userMetadataSchema,
  identities: z.array(identitySchema),
  factors: z.array(z.never()),
});
export type AuthUser = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** Seconds since the epoch. */
  expires_at: z.number().int(),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** Sign-up answer: a session at once, or (when confirmation is configured) a user without one. */
export const signUpResultSchema = z.object({ user: userSchema, session: sessionSchema.nullable() });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  data: z.object({ first_name: nameSchema.min(1, 'First name is required'), last_name: nameSchema.min(1, 'Last name is required') }),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const passwordGrantBodySchema = z.object({ email: emailSchema, password: text().min(1, 'Password is required').max(256) });
export type PasswordGrantBody = z.infer<typeof passwordGrantBodySchema>;

export const signOutScopeSchema = z.enum(['global', 'local', 'others']);
export type SignOutScope = z.infer<typeof signOutScopeSchema>;

export const walletNonceBodySchema = z.object({
  address: solanaAddressSchema,
  /** What the proof will be for (default sign-in); the challenge is good for that alone. */
  purpose: z.enum(walletProofPurposes).default('sign_in'),
});
export type WalletNonceBody = z.input<typeof walletNonceBodySchema>;

export const walletChallengeSchema = z.object({
  nonce: z.string(),
  /** The exact SIWS text to sign (for wallets without `signIn`). */
  message: z.string(),
  /** The same challenge as `signIn` input, for wallets that build the message themselves. */
  input: siwsInputSchema,
  issued_at: z.string(),
  expires_at: z.string(),
});
export type WalletChallenge = z.infer<typeof walletChallengeSchema>;

export const walletProofBodySchema = z.object({
  address: solanaAddressSchema,
  message: text().min(1).max(2_000),
  /** The ed25519 signature of the UTF-8 message, base64. */
  signature: text().min(1).max(200),
});
export type WalletProofBody = z.infer<typeof walletProofBodySchema>;

export const walletLinkSchema = z.object({
  wallet_address: z.string(),
  wallet_type: z.literal('solana'),
  is_primary: z.boolean(),
});

export const profileSchema = z.object({
  id: z.string().uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  wallet_address: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Why a profile update may not carry the wallet address: it is the wallet the user proved. */
export const walletAddressReadOnly = 'The wallet address is the wallet you link to your account';

// A field that may not be sent, named so that sending it says why rather than "unrecognized key".
const refusedField = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined, message)
    .optional();

/**
 * Profile update: the names, empty strings saved as null. The e-mail cannot be changed here,
 * and the wallet address is the account's proven, linked wallet (POST /user/wallets).
 */
export const profileUpdateSchema = z
  .object({
    first_name: optionalText(100),
    last_name: optionalText(100),
    email: refusedField(authMessages.emailReadOnly),
    wallet_address: refusedField(walletAddressReadOnly),
  })
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** Claims of an access token. `sid` names the session, so sign-out can revoke it at once. */
export const accessClaimsSchema = z.object({
  sub: z.string().uuid(),
  sid: z.string().uuid(),
  email: z.string(),
  role: z.literal('authenticated'),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;
