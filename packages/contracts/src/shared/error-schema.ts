import './zod';
import { z } from 'zod';
import type { ApiErrorBody } from './errors';

/** The zod schema of the error wire format (see ApiErrorBody). */
export const apiErrorSchema: z.ZodType<ApiErrorBody> = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
