import { useRef } from 'react';
import type { PublicEventType } from '@starforge/contracts/shared';
import { useServerEvent } from '../events/use-server-event';

/** What `useSeenTransaction` returns: the id as it is when read (a ref, so a load reads the newest). */
export interface SeenTransaction {
  readonly current: string | null;
}

/**
 * The `transactionId` of the newest public event of `type` this tab heard, for a live list whose
 * load sends it back (`seenUrl`): the service then answers nothing from a cache that has not yet
 * heard of that change. A refetch on the event reads it after it is set (the stream calls every
 * handler of an event before the refetch, which waits for a microtask).
 */
export const useSeenTransaction = (type: PublicEventType): SeenTransaction => {
  const seen = useRef<string | null>(null);
  useServerEvent(type, ({ data }) => {
    // An event stored before events carried the id (replayed across a deploy) names none.
    if (typeof data.transactionId === 'string') seen.current = data.transactionId;
  });
  return seen;
};

/** `url` with `seen=<id>` added when a change was heard (the resource's key stays `url`). */
export const seenUrl = (url: string, seen: SeenTransaction): string =>
  seen.current === null ? url : `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams({ seen: seen.current })}`;
