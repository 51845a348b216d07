import { createHash } from 'node:crypto';

/**
 * A stable job id for a queue and a caller's key: enqueueing the same key twice names the same
 * job, and pg-boss's insert (ON CONFLICT DO NOTHING on the job's id) keeps only the first.
 */
export const jobIdForKey = (queue: string, key: string): string => {
  const hex = createHash('sha256').update(`${queue}\0${key}`).digest('hex');
  // Shaped as a version-8 (custom) RFC 9562 UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};
