import type { z } from 'zod';

/**
 * A jsonb column read as text (the pool's camel-case transform would rename its keys) and checked
 * against its wire schema: null when absent or no longer of that shape.
 */
export const storedJson = <S extends z.ZodType>(schema: S, text: string | null): z.infer<S> | null => {
  if (!text) return null;
  const parsed = schema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
};
