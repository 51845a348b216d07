import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { Pool } from 'undici';
import { bodyLimitFor, errorCodes, isServiceName, payloadTooLargeMessage, type ServiceName } from '@starforge/contracts';
import { sendError } from './error-answer';
import { forwardRequestHeaders, responseHeaders } from './forward-headers';
import type { HeaderPair } from './security-headers';

/** Thrown into the upstream request when a body passes its route's limit while streaming. */
class PayloadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(payloadTooLargeMessage(maxBytes));
  }
}

/** Passes a body through, counting its bytes; errors (without reading on) past `maxBytes`. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) done(new PayloadTooLarge(this.maxBytes));
    else done(null, chunk);
  }
}

/** Errors that mean the service could not be reached or dropped the connection: a 502. */
const unreachable = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** `/api/<name>/...` or `/api/<name>?...` → name; null when the URL names no service. */
const serviceOf = (url: string): ServiceName | null => {
  let end = 5;
  while (end < url.length && url[end] !== '/' && url[end] !== '?') end++;
  const name = url.slice(5, end);
  return isServiceName(name) ? name : null;
};

export interface ServiceProxyOptions {
  services: Record<ServiceName, string>;
  security: readonly HeaderPair[];
  /** The scheme the client used, sent on as X-Forwarded-Proto (https behind a TLS terminator). */
  proto: 'http' | 'https';
}

/**
 * `/api/<service>/*` to each service over keep-alive connections (one undici Pool per service),
 * written straight on Node's request and response: bodies stream both ways (undici reads the
 * request as it arrives and `stream()` writes the answer into the response, with backpressure),
 * nothing is buffered, and no Request/Response objects are built.
 */
export class ServiceProxy {
  private readonly pools = new Map<ServiceName, Pool>();

  constructor(private readonly options: ServiceProxyOptions) {
    for (const [name, url] of Object.entries(options.services) as [ServiceName, string][]) {
      // No body timeout: an event stream stays open for as long as the tab does.
      this.pools.set(name, new Pool(url, { keepAliveTimeout: 4_000, headersTimeout: 60_000, bodyTimeout: 0 }));
    }
  }

  /** Forwards one request whose URL starts with `/api/`. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const service = serviceOf(url);
    const { security } = this.options;
    if (!service) return sendError(res, security, 404, errorCodes.notFound, 'Not found');
    const method = req.method ?? 'GET';
    const query = url.indexOf('?');
    const maxBytes = bodyLimitFor(method, query === -1 ? url : url.slice(0, query));
    const forwarded = forwardRequestHeaders(req, this.options.proto);
    if (forwarded.contentLength !== null && forwarded.contentLength > maxBytes) {
      return sendError(res, security, 413, errorCodes.payloadTooLarge, payloadTooLargeMessage(maxBytes), { close: true });
    }
    // A Content-Length body is held to its length by Node's parser; a chunked one is counted here.
    const body = forwarded.chunked ? req.pipe(new ByteLimit(maxBytes)) : forwarded.contentLength ? req : null;

    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    this.pools.get(service)!.stream(
      { path: url, method, headers: forwarded.headers, body, signal: abort.signal },
      ({ statusCode, headers }) => {
        const out = responseHeaders(headers);
        for (const [name, value] of security) out[name] = value;
        res.writeHead(statusCode, out);
        // Server-sent events leave at once, event by event.
        if (out['content-type']?.includes('text/event-stream')) res.flushHeaders();
        return res;
      },
      (error) => {
        if (!error) return;
        if (abort.signal.aborted || res.destroyed) return; // the client left; nothing to answer
        // A body left unread would be taken for the next request: close the connection instead.
        const close = body !== null && !req.complete;
        if (error instanceof PayloadTooLarge) return sendError(res, security, 413, errorCodes.payloadTooLarge, error.message, { close: true });
        const code = (error as { code?: string }).code ?? '';
        if (code === 'UND_ERR_HEADERS_TIMEOUT') return sendError(res, security, 504, errorCodes.unavailable, `The ${service} service did not answer in time. Please try again shortly.`, { close });
        if (unreachable.has(code)) {
          console.error(`[gateway] ${service} unreachable: ${code} ${error.message}`);
          return sendError(res, security, 502, errorCodes.unavailable, `The ${service} service is unavailable. Please try again shortly.`, { close });
        }
        console.error(`[gateway] ${method} ${url} to ${service} failed`, error);
        return sendError(res, security, 500, errorCodes.internal, 'Something went wrong. Please try again.', { close });
      },
    );
  }

  /** Closes the keep-alive connections to the services. */
  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}
