import type { IncomingMessage } from 'node:http';

/** How much of an unwanted body is read and thrown away at most, in bytes and milliseconds. */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
export const DRAIN_MAX_MS = 5_000;

/**
 * After an answer given before the request body was read whole (413, 415, 403, a refused
 * upload), reads and discards the rest of the body, so a client still sending finishes and reads
 * the answer instead of meeting a reset (RFC 9112 §9.6: closing on unread bytes resets the
 * connection, and the client may lose the answer). A body that ends within `maxBytes` and `maxMs`
 * leaves the connection clean for its next request (RFC 9110 §15.5.14 lets a server go on
 * reading and discarding); past either bound the connection is closed.
 *
 * Node itself would close a `Connection: close` answer at once (the reset this avoids), and
 * @hono/node-server's own clean-up gives up after 500 ms: serve kit apps with `serveApp`.
 */
export const drainRequestBody = (incoming: IncomingMessage, { maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS } = {}): void => {
  if (incoming.readableEnded || incoming.destroyed) return;
  let drained = 0;
  const cleanUp = () => {
    clearTimeout(timer);
    incoming.off('data', onData);
    incoming.off('end', cleanUp);
    incoming.off('close', cleanUp);
    incoming.off('error', cleanUp);
  };
  const close = () => {
    cleanUp();
    const { socket } = incoming;
    // The answer is already written: it leaves before the connection closes.
    if (!socket.destroyed) socket.end(() => socket.destroy());
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxBytes) close();
  };
  const timer = setTimeout(close, maxMs);
  timer.unref();
  incoming.on('data', onData);
  incoming.on('end', cleanUp);
  incoming.on('close', cleanUp);
  incoming.on('error', cleanUp);
  incoming.resume();
};

/**
 * Whether a request's body was left unread by whoever answered it: not all of it has arrived, or
 * some of it waits unread. (A GET without a body is neither.)
 */
export const bodyLeftUnread = (incoming: IncomingMessage): boolean =>
  !incoming.readableEnded && !incoming.destroyed && (!incoming.complete || incoming.readableLength > 0);
