import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The body was larger than the route allows. */
export class BodyTooLargeError extends Error {
  constructor() {
    super('body too large');
    this.name = 'BodyTooLargeError';
  }
}

/** The client closed its connection before the end of its body: its doing, not a fault here. */
export class ClientLeftError extends Error {
  constructor(readonly receivedBytes: number) {
    super(`the client left while sending its body (after ${receivedBytes} bytes)`);
    this.name = 'ClientLeftError';
  }
}

/** No byte of the body arrived for the idle timeout. */
export class BodyTimeoutError extends Error {
  constructor(readonly receivedBytes: number) {
    super(`the body stalled (after ${receivedBytes} bytes)`);
    this.name = 'BodyTimeoutError';
  }
}

/** Node's request under a Hono context served by @hono/node-server, when there is one. */
export const nodeIncoming = (c: Context): IncomingMessage | undefined => {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming && typeof (incoming as IncomingMessage).on === 'function' ? (incoming as IncomingMessage) : undefined;
};

export interface ReadIncomingOptions {
  /** Refuse the body (BodyTimeoutError) when no byte of it arrives for this long; default: no limit. */
  idleTimeoutMs?: number;
}

/** The declared Content-Length when it is a whole number of at most `maxBytes`, else null. */
const declaredLength = (incoming: IncomingMessage, maxBytes: number): number | null => {
  const header = incoming.headers?.['content-length'];
  if (header === undefined || !/^\d{1,15}$/.test(header)) return null;
  const length = Number(header);
  return length > 0 && length <= maxBytes ? length : null;
};

/**
 * Reads a Node request body whole, refusing it as soon as it passes `maxBytes` (the rest is left
 * unread, paused, for drainRequestBody). Fails with ClientLeftError when the client goes away.
 * With a Content-Length, each piece is copied into one buffer of that size as it arrives, so a
 * body is held once, never as its pieces plus their joined copy (a 1 MB upload: 1 MB, not 2).
 */
export const readIncoming = (incoming: IncomingMessage, maxBytes: number, options: ReadIncomingOptions = {}): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const expected = declaredLength(incoming, maxBytes);
    const whole = expected === null ? null : Buffer.allocUnsafe(expected);
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const cleanUp = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('aborted', onAborted);
      incoming.off('close', onClose);
    };
    const fail = (error: Error) => {
      cleanUp();
      incoming.pause();
      reject(error);
    };
    const idle = options.idleTimeoutMs;
    const armTimer = () => {
      if (idle === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(() => fail(new BodyTimeoutError(size)), idle);
    };
    let filled = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(new BodyTooLargeError());
      // Node's parser never passes more than the Content-Length; a chunk list serves otherwise.
      if (whole && chunks.length === 0 && filled + chunk.length <= whole.length) filled += chunk.copy(whole, filled);
      else chunks.push(chunk);
      armTimer();
    };
    const onEnd = () => {
      cleanUp();
      if (!whole) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
      else if (chunks.length === 0) resolve(filled === whole.length ? whole : whole.subarray(0, filled));
      else resolve(Buffer.concat([whole.subarray(0, filled), ...chunks], size));
    };
    const onError = (error: NodeJS.ErrnoException) => fail(error.code === 'ECONNRESET' ? new ClientLeftError(size) : error);
    const onAborted = () => fail(new ClientLeftError(size));
    const onClose = () => {
      if (!incoming.complete) onAborted();
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('aborted', onAborted);
    incoming.on('close', onClose);
    armTimer();
  });

/** The Buffers read from Node, by the web Request Hono built around them. */
const nodeBodies = new WeakMap<Request, Buffer>();

/**
 * Reads the body straight from Node's request and hands it to Hono's body cache, so `c.req.json()`,
 * `text()` and `arrayBuffer()` never build the web Request and its stream (undici's Request,
 * a ReadableStream over the socket): about a tenth of a small POST's cost in a service. Each form
 * is made on first use only, so a 10 MiB image is neither decoded as text nor copied for nothing;
 * `requestBytes` hands back the Buffer itself.
 */
export const cacheNodeBody = (c: Context, body: Buffer): void => {
  nodeBodies.set(c.req.raw, body);
  // Node's stream is read now, so the web Request @hono/node-server would build from it on first
  // touch of `raw.body` cannot be built ("Response body object should not be disturbed or
  // locked"). @hono/zod-openapi touches it for a write with no Content-Type, to see whether a
  // body came: a write with no body says so as a web Request would (no stream), so the route's
  // validator answers it. (One with a body and no Content-Type never gets here: sameOriginJson 415.)
  if (body.length === 0) Object.defineProperty(c.req.raw, 'body', { configurable: true, value: null });
  let bytes: Promise<ArrayBuffer> | undefined;
  let text: Promise<string> | undefined;
  // Hono keeps promises there (its BodyCache type names the resolved values).
  Object.defineProperties(c.req.bodyCache, {
    arrayBuffer: {
      enumerable: true,
      configurable: true,
      get: () => (bytes ??= Promise.resolve(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer)),
    },
    text: { enumerable: true, configurable: true, get: () => (text ??= Promise.resolve(body.toString('utf8'))) },
  });
};

/**
 * The request body as bytes, for a route of raw bytes (an image upload): under Node the Buffer
 * the kit already read, not a copy; in process (`app.request`) a Buffer over the body's bytes.
 * The body's limit and media type were checked before the handler runs.
 */
export const requestBytes = async (c: Context): Promise<Buffer> => nodeBodies.get(c.req.raw) ?? Buffer.from(await c.req.arrayBuffer());
