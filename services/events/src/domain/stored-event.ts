/** One event as the store and the NOTIFY payload hold it (`id` is the table's bigserial). */
export interface StoredEvent {
  id: number;
  /** Whose streams receive it; null for a public event, which every stream receives. */
  userId: string | null;
  type: string;
  data: unknown;
  /**
   * Its `event:` and `data:` lines, encoded once by the first stream that sends it and then
   * shared by every other (a public event goes to every open stream).
   */
  encoded?: Uint8Array;
}

/** The NOTIFY channel `events.publish` and `events.publish_public` announce on. */
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
  if (typeof v?.id !== 'number' || (typeof v.userId !== 'string' && v.userId !== null) || typeof v.type !== 'string') return null;
  return { id: v.id, userId: v.userId, type: v.type, data: v.data ?? {} };
};
