import { createRoute, z } from '@hono/zod-openapi';
import { authErrorCodes, errorCodes, signUpBodySchema } from '@starforge/contracts';
import { badRequest, createRouter, errorBody } from '@starforge/service-kit';
import { hashPassword } from '../domain/passwords';
import { startSession } from '../domain/sessions';
import { createPasswordUser, isWalletEmail, requireLoadedUser } from '../domain/users';
import type { AuthDeps } from '../deps';
import { userAlreadyExists } from '../http/auth-errors';
import { clientInfo } from '../http/client';
import { guardRateLimit } from '../http/rate-limit-guard';
import { sessionResponse } from '../http/session-response';
import { errorResponse } from './openapi-docs';
import { signUpResponseSchema } from './wire-schemas';

// `redirect_to` is where a confirmation link would lead; accepted for the client's sake.
const signUpRequestSchema = signUpBodySchema.extend({ redirect_to: z.string().url().max(2_048).optional() });

const signUpRoute = createRoute({
  method: 'post',
  path: '/signup',
  tags: ['auth'],
  summary: 'Create an account with e-mail and password',
  request: { body: { required: true, content: { 'application/json': { schema: signUpRequestSchema } } } },
  responses: {
    200: { description: 'The account, with a session (and refresh cookie) unless e-mail confirmation is required', content: { 'application/json': { schema: signUpResponseSchema } } },
    400: errorResponse('Invalid input'),
    422: errorResponse('user_already_exists, or weak_password'),
    429: errorResponse('over_request_rate_limit'),
  },
});

export const signupRoutes = (deps: AuthDeps) =>
  createRouter().openapi(
    signUpRoute,
    async (c) => {
      const { email, password, data } = c.req.valid('json');
      if (isWalletEmail(email)) throw badRequest('This e-mail address cannot be used to sign up');
      await guardRateLimit(c, deps, 'sign_up', email);
      const userId = await createPasswordUser(deps.sql, {
        email,
        passwordHash: await hashPassword(password),
        metadata: { first_name: data.first_name, last_name: data.last_name },
        confirmed: !deps.config.requireEmailConfirmation,
      });
      if (!userId) throw userAlreadyExists();
      if (deps.config.requireEmailConfirmation) return c.json({ user: await requireLoadedUser(deps.sql, userId), session: null }, 200);
      const opened = await startSession(deps.sql, userId, clientInfo(c));
      const session = await sessionResponse(c, deps, { userId, ...opened });
      return c.json({ user: session.user, session }, 200);
    },
    (result, c) => {
      if (result.success) return undefined;
      const issue = result.error.issues[0];
      const message = issue?.message ?? 'Invalid request';
      if (issue?.path[0] === 'password' && issue.code === 'too_small') return c.json(errorBody(authErrorCodes.weakPassword, message), 422);
      return c.json(errorBody(errorCodes.validationFailed, message), 400);
    },
  );
