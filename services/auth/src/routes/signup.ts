import { createRoute } from '@hono/zod-openapi';
import { signUpBodySchema } from '@starforge/contracts/auth';
import { text } from '@starforge/contracts/shared';
import { badRequest, createRouter, errorResponse } from '@starforge/service-kit';
import { userAlreadyExists } from '../domain/errors';
import { hashPassword } from '../domain/passwords';
import { assertWithinRateLimit, perAccount, perIp } from '../domain/rate-limit';
import { startSession } from '../domain/sessions';
import { createPasswordUser, isWalletEmail, requireLoadedUser } from '../domain/users';
import type { AuthDeps } from '../deps';
import { clientInfo } from './client-info';
import { setDeviceCookie } from './device-cookie';
import { sessionResponse } from './session-response';
import { signUpResponseSchema } from './wire-schemas';

// `redirect_to` is where a confirmation link would lead; accepted for the client's sake.
const signUpRequestSchema = signUpBodySchema.extend({ redirect_to: text().url().max(2_048).optional() });

const signUpRoute = createRoute({
  method: 'post',
  path: '/signup',
  tags: ['auth'],
  summary: 'Create an account with e-mail and password',
  request: { body: { required: true, content: { 'application/json': { schema: signUpRequestSchema } } } },
  responses: {
    200: {
      description: 'The account, with a session (and refresh cookie) unless e-mail confirmation is required',
      content: { 'application/json': { schema: signUpResponseSchema } },
    },
    400: errorResponse('Invalid input'),
    422: errorResponse('user_already_exists, or weak_password'),
    429: errorResponse('over_request_rate_limit'),
  },
});

export const signupRoutes = (deps: AuthDeps) =>
  createRouter().openapi(signUpRoute, async (c) => {
    const { email, password, data } = c.req.valid('json');
    if (isWalletEmail(email)) throw badRequest('This e-mail address cannot be used to sign up');
    const client = clientInfo(c);
    await assertWithinRateLimit(deps.sql, [
      perIp(deps.config.rateLimit, 'sign_up', client.ip),
      ...perAccount(deps.config.rateLimit, 'sign_up', email, client.ip),
    ]);
    const userId = await createPasswordUser(deps.sql, {
      email,
      passwordHash: await hashPassword(password),
      metadata: { first_name: data.first_name, last_name: data.last_name },
      confirmed: !deps.config.requireEmailConfirmation,
    });
    if (!userId) throw userAlreadyExists();
    if (deps.config.requireEmailConfirmation) return c.json({ user: await requireLoadedUser(deps.sql, userId), session: null }, 200);
    const opened = await startSession(deps.sql, userId, client);
    const session = await sessionResponse(c, deps, { userId, ...opened });
    await setDeviceCookie(c, deps, userId);
    return c.json({ user: session.user, session }, 200);
  });
