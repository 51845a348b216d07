import './zod';
import { z } from 'zod';
import type { ServerEventMap, ServerEventType } from './realtime';

/**
 * The zod schema of each event type's data (see ServerEventMap in realtime.ts). The service
 * kit validates data against it before publishing, so a stream never carries a malformed event.
 */
export const serverEventSchemas: { [T in ServerEventType]: z.ZodType<ServerEventMap[T]> } = {
  'session.ended': z.object({ sessionId: z.uuid() }),
};
