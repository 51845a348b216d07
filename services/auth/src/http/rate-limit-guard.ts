import type { Context } from 'hono';
import { authErrorCodes } from '@starforge/contracts';
import { ApiError } from '@starforge/service-kit';
import { hitRateLimits } from '../domain/rate-limit';
import type { AuthDeps } from '../deps';
import { clientIp } from './client';

export type LimitedAction = 'sign_in' | 'sign_up';

const tooMany = 'Too many attempts. Please wait a minute and try again.';

/** Counts an attempt for the client's IP and for the account; over either limit answers 429 with Retry-After. */
export const guardRateLimit = async (c: Context, deps: Pick<AuthDeps, 'sql' | 'config'>, action: LimitedAction, account: string): Promise<void> => {
  const { windowSeconds, perAccount, perIp } = deps.config.rateLimit;
  const verdict = await hitRateLimits(
    deps.sql,
    [
      { key: `${action}:ip:${clientIp(c)}`, limit: perIp },
      { key: `${action}:account:${account}`, limit: perAccount },
    ],
    windowSeconds,
  );
  if (verdict.allowed) return;
  c.header('Retry-After', String(verdict.retryAfterSeconds));
  throw new ApiError(429, authErrorCodes.rateLimited, tooMany);
};
