import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The body was larger than the route allows. */
export class BodyTooLargeError extends Error {
  constructor() {
    super('body too large');
    this.name = 'BodyTooLargeError';
  }
}

/** Node's request under a Hono context served by @hono/node-server, when there is one. */
export const nodeIncoming = (c: Context): IncomingMessage | undefined => {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming && typeof (incoming as IncomingMessage).on === 'function' ? (incoming as IncomingMessage) : undefined;
};

/** Reads a Node request body whole, refusing it as soon as it passes `maxBytes`. */
export const readIncoming = (incoming: IncomingMessage, maxBytes: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanUp = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('aborted', onAborted);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanUp();
        // The rest is not read: the answer (413) goes out and the connection closes after it.
        incoming.pause();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const onAborted = () => onError(new Error('the client went away while sending its body'));
    const onClose = () => {
      if (!incoming.complete) onAborted();
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('aborted', onAborted);
    incoming.on('close', onClose);
  });

/**
 * Reads the body straight from Node's request and hands it to Hono's body cache, so `c.req.json()`,
 * `text()` and `arrayBuffer()` never build the web Request and its stream (undici's Request,
 * a ReadableStream over the socket): about a tenth of a small POST's cost in a service. Each form
 * is made on first use only, so a 10 MiB image is neither decoded as text nor copied for nothing.
 */
export const cacheNodeBody = (c: Context, body: Buffer): void => {
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
