import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from '@starforge/service-kit';

/**
 * Parses a JSON body with a schema chosen at run time (the token endpoint's body depends on
 * its grant type), failing like the route validators do: 400 with the first field's message.
 */
export const readBody = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
};
