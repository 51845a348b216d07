import type { ServerResponse } from 'node:http';
import type { ApiErrorBody } from '@starforge/contracts/shared';
import type { HeaderPair } from './security-headers';

/** The bytes of an error body and the headers that go with it, for answers written outside Hono. */
export const errorPayload = (code: string, message: string): Buffer => Buffer.from(JSON.stringify({ error: { code, message } } satisfies ApiErrorBody));

/**
 * Answers `{ error: { code, message } }` with the security headers. With `close`, the connection
 * ends after the answer: used when the request body is left unread (a 413 mid-upload).
 */
export const sendError = (
  res: ServerResponse,
  security: readonly HeaderPair[],
  status: number,
  code: string,
  message: string,
  options: { close?: boolean; extra?: HeaderPair[] } = {},
): void => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = errorPayload(code, message);
  const headers: string[] = ['content-type', 'application/json', 'content-length', String(body.length), 'cache-control', 'no-store'];
  for (const [name, value] of security) headers.push(name, value);
  for (const [name, value] of options.extra ?? []) headers.push(name, value);
  if (options.close) {
    headers.push('connection', 'close');
    res.shouldKeepAlive = false;
  }
  res.writeHead(status, headers);
  res.end(body);
};
