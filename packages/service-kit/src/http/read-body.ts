import type { Context } from 'hono';
import type { z } from 'zod';
import { validationError } from '../validation';

/**
 * Parses a JSON body with a schema chosen at run time (a body whose shape depends on a query
 * parameter), failing exactly like the route validators do.
 */
export const readBody = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
};
