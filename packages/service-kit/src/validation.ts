import { apiIssueOf, errorCodes } from '@starforge/contracts/shared';
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

/** What a route that needs a JSON body answers when none came and its fields are all optional. */
export const missingBodyMessage = 'This request needs a JSON body (Content-Type: application/json).';

/**
 * Every route's validation hook: a zod failure is thrown as the typed error, so the app's
 * one `onError` answers it like any other. Routes never pass their own hook.
 *
 * A route whose JSON body is required, sent none (and so no Content-Type), is validated as `{}`:
 * it answers in its own words ("title is required"). Where `{}` is a whole request (PUT
 * /profile, whose absent names mean "clear them"), a request with no body at all is refused
 * rather than taken as one.
 */
export const validationHook = (
  result: { success: boolean; target?: string; error?: { issues: readonly Issue[] } },
  c?: { req: { header: (name: string) => string | undefined } },
): undefined => {
  if (!result.success) throw validationError(result.error?.issues ?? []);
  if (result.target === 'json' && c?.req.header('content-type') === undefined) throw new ApiError(400, errorCodes.validationFailed, missingBodyMessage);
  return undefined;
};
