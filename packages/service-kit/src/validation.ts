import { apiIssueOf, errorCodes } from '@starforge/contracts';
import { ApiError } from './errors';

interface Issue {
  code?: string;
  message: string;
  path: PropertyKey[];
  params?: unknown;
}

/**
 * The error a failed validation answers with: the first issue's message, as a 400
 * `validation_failed`, or the code and status the schema named for it (`apiIssue`).
 */
export const validationError = (issues: readonly Issue[]): ApiError => {
  const issue = issues[0];
  const message = issue?.message || 'Invalid request';
  const named = issue ? apiIssueOf(issue) : undefined;
  return named ? new ApiError(named.status, named.code, message) : new ApiError(400, errorCodes.validationFailed, message);
};

/**
 * Every route's validation hook: a zod failure is thrown as the typed error, so the app's
 * one `onError` answers it like any other. Routes never pass their own hook.
 */
export const validationHook = (result: { success: boolean; error?: { issues: readonly Issue[] } }): undefined => {
  if (!result.success) throw validationError(result.error?.issues ?? []);
  return undefined;
};
