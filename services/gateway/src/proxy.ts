import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { bodyLimitFor, errorCodes, isServiceName, tooLargeMessageFor, type ServiceName } from '@starforge/contracts/shared';
import { BodyTimeoutError, BodyTooLargeError, ClientLeftError, bodyLeftUnread, drainRequestBody, readIncoming } from '@starforge/service-kit';
import { sendError } from './error-answer';
import { forwardRequestHeaders, responseHeaders } from './forward-headers';
import type { HeaderPair } from './security-headers';
import { ServiceCopies, type ServiceCopy } from './service-copies';

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

/** The copy never got the request: it may go to another copy, whatever its method. */
const notSent = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** The connection dropped before any answer: the copy may have acted on it, so only a request that changes nothing is sent again. */
const droppedBeforeAnswer = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const changesNothing = new Set(['GET', 'HEAD', 'OPTIONS']);

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
    /** Offers a failure before any answer to another copy; true when it took the request. */
    private readonly sendElsewhere: (code: string) => boolean,
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
    // Replacing what the service set (its headers arrive lowercase): one value each, never two.
    for (const [name, value] of this.security) out[name.toLowerCase()] = value;
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
    // The request body was read whole before the service was asked: the connection stays clean.
    const code = (error as { code?: string }).code ?? '';
    if (this.sendElsewhere(code)) return;
    if (code === 'UND_ERR_HEADERS_TIMEOUT') {
      sendError(res, security, 504, errorCodes.unavailable, `The ${service} service did not answer in time. Please try again shortly.`);
    } else if (unreachable.has(code)) {
      console.error(`[gateway] ${service} unreachable: ${code} ${error.message}`);
      sendError(res, security, 502, errorCodes.unavailable, `The ${service} service is unavailable. Please try again shortly.`);
    } else {
      console.error(`[gateway] ${this.req.method} ${this.req.url} to ${service} failed`, error);
      sendError(res, security, 500, errorCodes.internal, 'Something went wrong. Please try again.');
    }
  }
}

export interface ServiceProxyOptions {
  /** Each service's copies (their base URLs). */
  services: Record<ServiceName, readonly string[]>;
  /** How often each copy's readiness is asked, when a service has several. */
  probeEveryMs?: number;
  security: readonly HeaderPair[];
  /** The scheme the client used, sent on as X-Forwarded-Proto (https behind a TLS terminator). */
  proto: 'http' | 'https';
  /** How long a request body may go without a byte before it is refused with 408. */
  bodyTimeoutMs: number;
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * `/api/<service>/*` to each service over keep-alive connections (one undici Pool per copy of a
 * service, requests spread over its ready copies, see ServiceCopies; a request no copy got, or a
 * GET whose connection dropped before any answer, goes to the next copy),
 * written straight on Node's request and response with undici's dispatch API, with no
 * Request/Response objects built. A request body is read whole first, up to its route's limit
 * (contracts' `bodyLimitFor`) and with no more than `bodyTimeoutMs` between two of its pieces, as
 * mature proxies buffer bodies: a slow or stalled client holds only its own connection to the
 * gateway, never one to a service, and gets one answer (413, 408) from the gateway. Answers
 * stream back as they come (server-sent events at once, large answers with backpressure);
 * requests without a body (GETs, the event stream) are forwarded at once.
 */
export class ServiceProxy {
  private readonly services = new Map<ServiceName, ServiceCopies>();
  constructor(private readonly options: ServiceProxyOptions) {
    for (const [name, urls] of Object.entries(options.services) as [ServiceName, readonly string[]][]) {
      this.services.set(name, new ServiceCopies(name, urls, options.probeEveryMs === undefined ? {} : { probeEveryMs: options.probeEveryMs }));
    }
  }

  /** Forwards one request whose URL starts with `/api/`. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const service = serviceOf(url);
    const { security } = this.options;
    if (!service) {
      sendError(res, security, 404, errorCodes.notFound, 'Not found');
      if (bodyLeftUnread(req)) drainRequestBody(req);
      return;
    }
    const method = req.method ?? 'GET';
    const maxBytes = bodyLimitFor(method, pathOf(url));
    const forwarded = forwardRequestHeaders(req, this.options.proto);
    if (!forwarded.chunked && !forwarded.contentLength) {
      this.forward(req, res, service, forwarded.headers, null);
      return;
    }
    if (forwarded.contentLength !== null && forwarded.contentLength > maxBytes) {
      this.tooLarge(req, res);
      return;
    }
    readIncoming(req, maxBytes, { idleTimeoutMs: this.options.bodyTimeoutMs }).then(
      // undici frames a buffered body with its Content-Length (a chunked one included).
      (body) => this.forward(req, res, service, forwarded.headers, body),
      (error: unknown) => this.bodyFailed(req, res, error),
    );
  }

  private forward(
    req: IncomingMessage,
    res: ServerResponse,
    service: ServiceName,
    headers: string[],
    body: Buffer | null,
    tried = new Set<ServiceCopy>(),
  ): void {
    if (res.destroyed) return;
    const copies = this.services.get(service)!;
    const copy = copies.pick(tried)!;
    const method = req.method ?? 'GET';
    const sendElsewhere = (code: string): boolean => {
      if (notSent.has(code)) copies.markDown(copy);
      else if (!(droppedBeforeAnswer.has(code) && changesNothing.has(method))) return false;
      tried.add(copy);
      if (!copies.pick(tried)) return false;
      this.forward(req, res, service, headers, body, tried);
      return true;
    };
    const exchange = new Exchange(req, res, service, this.options.security, sendElsewhere);
    copy.pool.dispatch({ path: req.url ?? '/', method, headers, body }, exchange);
  }

  /** 413, then the rest of the body read and thrown away (bounded), so a client still sending reads the answer. */
  private tooLarge(req: IncomingMessage, res: ServerResponse): void {
    sendError(res, this.options.security, 413, errorCodes.payloadTooLarge, tooLargeMessageFor(req.method ?? 'GET', pathOf(req.url ?? '/')));
    drainRequestBody(req);
  }

  private bodyFailed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const { security } = this.options;
    if (error instanceof BodyTooLargeError) {
      this.tooLarge(req, res);
      return;
    }
    if (error instanceof ClientLeftError) {
      // The client's doing, and nobody is there to answer: one line, no stack.
      console.info(`[gateway] ${req.method} ${req.url}: ${error.message}`);
      return;
    }
    if (error instanceof BodyTimeoutError) {
      sendError(res, security, 408, errorCodes.requestTimeout, 'The request body did not arrive in time.', { close: true });
      return;
    }
    console.error(`[gateway] ${req.method} ${req.url}: reading the body failed`, error);
    sendError(res, security, 400, errorCodes.validationFailed, 'The request could not be read.', { close: true });
  }

  /** Stops the readiness probes and closes the keep-alive connections to the services. */
  async close(): Promise<void> {
    await Promise.all([...this.services.values()].map((copies) => copies.close()));
  }
}
