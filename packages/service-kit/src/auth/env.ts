import { z } from 'zod';

const authVerifierEnvSchema = z.object({
  /**
   * Where the auth service publishes its public keys, e.g.
   * http://127.0.0.1:4001/api/auth/.well-known/jwks.json: a load-balanced address, or each copy's,
   * comma-separated (any copy that answers serves).
   */
  AUTH_JWKS_URL: z
    .string()
    .transform((value) => value.split(',').map((url) => url.trim()))
    .pipe(z.array(z.string().url()).min(1)),
});

/** The one setting a service needs to verify access tokens; read only when a token first arrives. */
export const readAuthJwksUrls = (source: NodeJS.ProcessEnv = process.env): string[] => authVerifierEnvSchema.parse(source).AUTH_JWKS_URL;
