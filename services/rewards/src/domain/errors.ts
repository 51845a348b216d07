import postgres from 'postgres';
import { rewardsErrorCodes, rewardsMessages } from '@starforge/contracts';
import { ApiError, tooManyRequests } from '@starforge/service-kit';

/** SQLSTATEs the rewards functions raise (migrations/00003) and what the client is told. */
const refusals: Record<string, () => ApiError> = {
  RW001: () => new ApiError(422, rewardsErrorCodes.insufficientPoints, rewardsMessages.insufficientPoints),
  RW002: () => new ApiError(422, rewardsErrorCodes.insufficientBalance, rewardsMessages.insufficientWithdrawalBalance),
  RW003: () => new ApiError(422, rewardsErrorCodes.insufficientTokens, rewardsMessages.stakeInsufficient),
  RW004: () => new ApiError(422, rewardsErrorCodes.insufficientStakedTokens, rewardsMessages.unstakeInsufficient),
};

/** A rewards function's refusal as the API's 422; anything else passes through unchanged. */
const refusalOf = (error: unknown): unknown => {
  if (error instanceof postgres.PostgresError) return refusals[error.code]?.() ?? error;
  return error;
};

/** Runs a statement that may be refused by a rewards function, throwing the API's error instead. */
export const refusing = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    throw refusalOf(error);
  }
};

/** 429 with the seconds until the next UTC day, when the tier's daily tests are used up. */
export const dailyTestLimitReached = (limit: number, now = new Date()) => {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return tooManyRequests(rewardsMessages.dailyTestLimit(limit), (tomorrow - now.getTime()) / 1000, rewardsErrorCodes.dailyTestLimit);
};
