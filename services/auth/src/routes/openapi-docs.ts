import { apiErrorSchema } from '@starforge/contracts';

/** An error answer in the OpenAPI document: `{ error: { code, message } }`. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

export const bearerSecurity = [{ bearerAuth: [] }];
