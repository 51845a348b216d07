import { z } from 'zod';
import { envFlag, readHttpSettings } from '@starforge/service-kit';

/** An Ed25519 private key as a JWK (`kty` OKP, `crv` Ed25519, `x`, `d`). */
const signingKeySchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).optional(),
});
export type SigningKeyJwk = z.infer<typeof signingKeySchema>;

const jsonSigningKey = z.string().transform((text, ctx) => {
  try {
    const parsed = signingKeySchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // reported below, without echoing the secret
  }
  ctx.addIssue({ code: 'custom', message: 'AUTH_SIGNING_KEY must be the JSON of an Ed25519 private JWK' });
  return z.NEVER;
});

const authEnvSchema = z.object({
  /** Sign-up answers a user without a session until the e-mail is confirmed. */
  AUTH_REQUIRE_EMAIL_CONFIRMATION: envFlag(),
  /** Optional: the key that signs access tokens. Without it one is generated and kept in the auth schema. */
  AUTH_SIGNING_KEY: jsonSigningKey.optional(),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Sign-in or sign-up attempts per account (e-mail or wallet address) from one client IP per window. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Sign-in or sign-up attempts per client IP per window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Sign-in attempts per account from all addresses together, per ceiling window. */
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_ACCOUNT_CEILING_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  /** Wallet challenges per client IP per window. */
  AUTH_RATE_LIMIT_NONCES_PER_IP: z.coerce.number().int().min(1).default(30),
});

export interface AuthConfig {
  requireEmailConfirmation: boolean;
  signingKey: SigningKeyJwk | null;
  /** Sliding windows: `perAccount` per account and address, `accountCeiling` per account from anywhere. */
  rateLimit: {
    windowSeconds: number;
    perAccount: number;
    perIp: number;
    accountCeiling: number;
    accountCeilingWindowSeconds: number;
    noncesPerIp: number;
  };
  /** The product's public origin (`http://localhost:3000`); wallet challenges are for its host only. */
  publicOrigin: string;
}

/** The auth service's settings; the one place in the service that reads `process.env`. */
export const readAuthConfig = (source: NodeJS.ProcessEnv = process.env): AuthConfig => {
  const env = authEnvSchema.parse(source);
  return {
    requireEmailConfirmation: env.AUTH_REQUIRE_EMAIL_CONFIRMATION,
    signingKey: env.AUTH_SIGNING_KEY ?? null,
    rateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      accountCeiling: env.AUTH_RATE_LIMIT_ACCOUNT_CEILING,
      accountCeilingWindowSeconds: env.AUTH_RATE_LIMIT_ACCOUNT_CEILING_WINDOW_SECONDS,
      noncesPerIp: env.AUTH_RATE_LIMIT_NONCES_PER_IP,
    },
    // The kit reads PUBLIC_ORIGIN for every service; auth names its host in wallet challenges.
    publicOrigin: readHttpSettings(source).publicOrigin,
  };
};
