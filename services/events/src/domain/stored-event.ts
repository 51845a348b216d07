/** One event as the store and the NOTIFY payload hold it (`id` is the table's bigserial). */
export interface StoredEvent {
  id: number;
  userId: string;
  type: string;
  data: unknown;
}

/** The NOTIFY channel `events.publish` announces on. */
export const EVENTS_CHANNEL = 'starforge_events';

/**
 * Reads the JSON text `events.publish` sends with NOTIFY (and the replay query selects in
 * the same shape), or null for anything else on the channel.
 */
export const parseStoredEvent = (text: string): StoredEvent | null => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const v = value as Partial<Record<keyof StoredEvent, unknown>> | null;
  if (typeof v?.id !== 'number' || typeof v.userId !== 'string' || typeof v.type !== 'string') return null;
  return { id: v.id, userId: v.userId, type: v.type, data: v.data ?? {} };
};
