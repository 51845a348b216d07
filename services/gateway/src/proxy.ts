import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
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
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** `/api/<name>/...` or `/api/<name>?...` → name; null when the URL names no service. */
const serviceOf = (url: string): ServiceName | null => {
  let end = 5;
  while (end < url.length && url[end] !== '/' && url[end] !== '?') end++;
  const name = url.slice(5, end);
  return isServiceName(name) ? name : null;
};

/**
 * One proxied request, as an undici dispatch handler: the service's answer is written into
 * Node's response as it arrives (pausing the service while the client is slow), and a client
 * that leaves aborts the service's request.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private clientLeft = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly service: ServiceName,
    private readonly security: readonly HeaderPair[],
    private readonly hasBody: boolean,
  ) {
    res.once('close', () => {
      if (res.writableFinished) return;
      this.clientLeft = true;
      this.controller?.abort(new Error('the client closed the connection'));
    });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.clientLeft) controller.abort(new Error('the client closed the connection'));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return; // 1xx from the service: the gateway answered Expect itself
    const out = responseHeaders(headers);
    for (const [name, value] of this.security) out[name] = value;
    this.res.writeHead(statusCode, out);
    // Server-sent events leave at once, event by event.
    if (typeof out['content-type'] === 'string' && out['content-type'].startsWith('text/event-stream')) this.res.flushHeaders();
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.res.write(chunk) || controller.paused) return;
    controller.pause();
    this.res.once('drain', () => controller.resume());
  }

  onResponseEnd(): void {
    this.res.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const { res, security, service } = this;
    if (this.clientLeft || res.destroyed) return; // nobody to answer
    if (res.headersSent) {
      res.destroy(error); // cut off mid-answer: the client must not take it as whole
      return;
    }
    // A body left unread would be taken for the next request: close the connection instead.
    const close = this.hasBody && !this.req.complete;
    const code = (error as { code?: string }).code ?? '';
    if (error instanceof PayloadTooLarge) {
      sendError(res, security, 413, errorCodes.payloadTooLarge, error.message, { close: true });
    } else if (code === 'UND_ERR_HEADERS_TIMEOUT') {
      sendError(res, security, 504, errorCodes.unavailable, `The ${service} service did not answer in time. Please try again shortly.`, { close });
    } else if (unreachable.has(code)) {
      console.error(`[gateway] ${service} unreachable: ${code} ${error.message}`);
      sendError(res, security, 502, errorCodes.unavailable, `The ${service} service is unavailable. Please try again shortly.`, { close });
    } else {
      console.error(`[gateway] ${this.req.method} ${this.req.url} to ${service} failed`, error);
      sendError(res, security, 500, errorCodes.internal, 'Something went wrong. Please try again.', { close });
    }
  }
}

export interface ServiceProxyOptions {
  services: Record<ServiceName, string>;
  security: readonly HeaderPair[];
  /** The scheme the client used, sent on as X-Forwarded-Proto (https behind a TLS terminator). */
  proto: 'http' | 'https';
}

/**
 * `/api/<service>/*` to each service over keep-alive connections (one undici Pool per service),
 * written straight on Node's request and response with undici's dispatch API: bodies stream both
 * ways (undici reads the request as it arrives; the answer goes into the response chunk by
 * chunk, with backpressure), nothing is buffered, and no Request/Response objects are built.
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
    if (!service) {
      sendError(res, security, 404, errorCodes.notFound, 'Not found');
      return;
    }
    const method = req.method ?? 'GET';
    const query = url.indexOf('?');
    const maxBytes = bodyLimitFor(method, query === -1 ? url : url.slice(0, query));
    const forwarded = forwardRequestHeaders(req, this.options.proto);
    if (forwarded.contentLength !== null && forwarded.contentLength > maxBytes) {
      sendError(res, security, 413, errorCodes.payloadTooLarge, payloadTooLargeMessage(maxBytes), { close: true });
      return;
    }
    // A Content-Length body is held to its length by Node's parser; a chunked one is counted here.
    const body = forwarded.chunked ? req.pipe(new ByteLimit(maxBytes)) : forwarded.contentLength ? req : null;

    const exchange = new Exchange(req, res, service, security, body !== null);
    this.pools.get(service)!.dispatch({ path: url, method, headers: forwarded.headers, body }, exchange);
  }

  /** Closes the keep-alive connections to the services. */
  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}
