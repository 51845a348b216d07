import { useEffect, useRef } from 'react';
import type { ServerEventType } from '@starforge/contracts/shared';
import type { ServerEventGapHandler, ServerEventHandler } from './server-event-stream';
import { serverEvents } from './server-events';

/**
 * Calls `handler` for every live event of `type` while the component is mounted, e.g.
 * `useServerEvent('nft.mint_completed', (e) => refetch(e.data.mintId))` for the user's own
 * events, or `useServerEvent('marketplace.listing_changed', (e) => refetchCard(e.data.nftId))`
 * for a public one (every signed-in tab receives those). The latest handler is
 * kept in a ref, so a re-render never resubscribes; the tab's one stream is the shell's.
 */
export const useServerEvent = <T extends ServerEventType>(type: T, handler: ServerEventHandler<T>): void => {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => serverEvents.subscribe(type, (event) => latest.current(event)), [type]);
};

/**
 * Calls `handler` when the tab's stream goes live and events may have been missed (its first
 * connection, or a reconnect after longer than the server keeps events): refetch here what
 * `useServerEvent` handlers keep up to date. Kept in a ref like useServerEvent.
 */
export const useServerEventGap = (handler: ServerEventGapHandler): void => {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => serverEvents.onGap(() => latest.current()), []);
};
