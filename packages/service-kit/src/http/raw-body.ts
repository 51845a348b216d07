import { bodyRuleFor } from '@starforge/contracts/shared';

/**
 * A route's request body in its OpenAPI document when it takes raw bytes: one entry per media type
 * contracts' body rules give `method` and `path` (e.g. `POST /api/nft/images`), so the document
 * and the 415 read the same table. Nothing validates it as JSON; the handler reads it with
 * `requestBytes(c)`.
 */
export const rawRequestBody = (method: string, path: string, description: string) => {
  const { mediaTypes } = bodyRuleFor(method, path);
  if (mediaTypes === null) throw new Error(`${method} ${path} takes JSON: contracts' bodyLimitRules name no media types for it`);
  const binary = { schema: { type: 'string' as const, format: 'binary' } };
  return { required: true, description, content: Object.fromEntries(mediaTypes.map((type) => [type, binary])) };
};
