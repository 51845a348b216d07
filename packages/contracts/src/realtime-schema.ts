import './zod';
import { z } from 'zod';
import type { ServerEventMap, ServerEventType } from './realtime';

/**
 * The zod schema of each event type's data (see ServerEventMap in realtime.ts). The service
 * kit validates data against it before publishing, so a stream never carries a malformed event.
 */
export const serverEventSchemas: { [T in ServerEventType]: z.ZodType<ServerEventMap[T]> } = {
  'session.ended': z.object({ sessionId: z.uuid() }),
  'rewards.account_changed': z.object({ reason: z.string().max(100) }),
  'rewards.test_run_started': z.object({ runId: z.uuid() }),
  'rewards.test_run_finished': z.object({ runId: z.uuid(), status: z.enum(['completed', 'failed']), points: z.number().int().nonnegative() }),
  'rewards.withdrawal_completed': z.object({ withdrawalId: z.uuid(), amountCents: z.number().int().positive(), txSignature: z.string().max(100) }),
};
