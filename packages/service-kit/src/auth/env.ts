import { z } from 'zod';

const authVerifierEnvSchema = z.object({
  /** Where the auth service publishes its public keys, e.g. http://127.0.0.1:4001/api/auth/.well-known/jwks.json */
  AUTH_JWKS_URL: z.string().url(),
});

/** The one setting a service needs to verify access tokens; read only when a token first arrives. */
export const readAuthJwksUrl = (source: NodeJS.ProcessEnv = process.env): string => authVerifierEnvSchema.parse(source).AUTH_JWKS_URL;
