import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { passwordGrantBodySchema, walletProofBodySchema, type Session } from '@starforge/contracts/auth';
import { createRouter, errorResponse, readBody, type ServiceEnvVars } from '@starforge/service-kit';
import { refreshTokenReused, sessionNotFound } from '../domain/errors';
import { rotateRefreshToken } from '../domain/refresh-tokens';
import { signInWithPassword, signInWithWallet } from '../domain/sign-in';
import type { AuthDeps } from '../deps';
import { clientInfo } from './client-info';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { clearSessionCookies, readRefreshCookie } from './session-cookies';
import { sessionResponse } from './session-response';
import { sessionResponseSchema } from './wire-schemas';

type SchemaComponent = Parameters<ReturnType<typeof createRouter>['openAPIRegistry']['registerComponent']>[2];

// JSON Schema 2020-12 is OpenAPI 3.1's schema language, so zod's own conversion serves here.
const jsonSchemaOf = (schema: z.ZodType): SchemaComponent => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return rest as SchemaComponent;
};

type Grant = (c: Context<ServiceEnvVars>, deps: AuthDeps) => Promise<Session>;

/** The refresh cookie for a new session and a rotated cookie; any refusal also clears it and the session hint. */
const refreshGrant: Grant = async (c, deps) => {
  const token = readRefreshCookie(c);
  const result = token ? await rotateRefreshToken(deps.sql, token) : ({ kind: 'not_found' } as const);
  if (result.kind !== 'rotated') {
    clearSessionCookies(c, deps.config);
    throw result.kind === 'reused' ? refreshTokenReused() : sessionNotFound();
  }
  return sessionResponse(c, deps, result);
};

/** E-mail and password; a browser that signs in gets (or renews) the device cookie that lets it past the account's ceiling next time. */
const passwordGrant: Grant = async (c, deps) => {
  const input = await readBody(c, passwordGrantBodySchema);
  const opened = await signInWithPassword(deps.sql, deps.config, input, clientInfo(c), await readDeviceCookie(c, deps));
  const session = await sessionResponse(c, deps, opened);
  await setDeviceCookie(c, deps, opened.userId);
  return session;
};

// The body's shape depends on the grant type, so each grant reads its own body.
const grants: Record<'password' | 'refresh_token' | 'wallet', Grant> = {
  password: passwordGrant,
  refresh_token: refreshGrant,
  wallet: async (c, deps) => sessionResponse(c, deps, await signInWithWallet(deps.sql, deps.config, await readBody(c, walletProofBodySchema), clientInfo(c))),
};

const tokenRoute = createRoute({
  method: 'post',
  path: '/token',
  tags: ['auth'],
  summary: 'Sign in (password or wallet proof) or refresh the session (sf_refresh cookie)',
  request: {
    query: z.object({ grant_type: z.enum(['password', 'refresh_token', 'wallet']) }),
    body: {
      required: false,
      description: 'password: PasswordGrantBody; wallet: WalletProofBody; refresh_token: no body',
      content: {
        'application/json': {
          schema: { oneOf: [{ $ref: '#/components/schemas/PasswordGrantBody' }, { $ref: '#/components/schemas/WalletProofBody' }] },
        },
      },
    },
  },
  responses: {
    200: {
      description:
        'A session; the rotated refresh token is in the sf_refresh cookie, set with the sf_session hint (readable by the page, no secret: a session may exist). A password sign-in also renews the sf_device cookie, which a later password sign-in from this browser presents to count apart from the account ceiling',
      content: { 'application/json': { schema: sessionResponseSchema } },
    },
    400: errorResponse('Invalid input, invalid_credentials, or a malformed wallet address'),
    401: errorResponse('session_not_found, refresh_token_already_used (both clear sf_refresh and sf_session), or wallet_proof_invalid'),
    429: errorResponse('over_request_rate_limit'),
  },
});

export const tokenRoutes = (deps: AuthDeps) => {
  const router = createRouter();
  router.openAPIRegistry.registerComponent('schemas', 'PasswordGrantBody', jsonSchemaOf(passwordGrantBodySchema));
  router.openAPIRegistry.registerComponent('schemas', 'WalletProofBody', jsonSchemaOf(walletProofBodySchema));
  return router.openapi(tokenRoute, async (c) => c.json(await grants[c.req.valid('query').grant_type](c, deps), 200));
};
