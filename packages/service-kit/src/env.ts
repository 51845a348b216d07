import { z } from 'zod';

/** The settings every service reads; the one place that touches `process.env`. */
const serviceEnvSchema = z.object({
  DATABASE_URL: z.string().url(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  HOST: z.string().default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

export const readServiceEnv = (source: NodeJS.ProcessEnv = process.env): ServiceEnv =>
  serviceEnvSchema.parse(source);
