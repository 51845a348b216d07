/**
 * How a schema names the API error its failure stands for. A zod custom issue (`refine`,
 * `check`) carries `params: apiIssue(code, status)`; the services' validation answers with
 * that code and status instead of the generic 400 `validation_failed`, so no route rewrites
 * its validation hook, and clients branch on the code.
 */
export interface ApiIssueParams {
  apiError: { code: string; status: ApiIssueStatus };
}
export type ApiIssueStatus = 400 | 409 | 413 | 415 | 422;

export const apiIssue = (code: string, status: ApiIssueStatus = 400): ApiIssueParams => ({ apiError: { code, status } });

/** The API error a zod issue names, if it names one. */
export const apiIssueOf = (issue: { code?: string; params?: unknown }): ApiIssueParams['apiError'] | undefined => {
  if (issue.code !== 'custom') return undefined;
  const named = (issue.params as Partial<ApiIssueParams> | undefined)?.apiError;
  return typeof named?.code === 'string' && typeof named.status === 'number' ? named : undefined;
};
