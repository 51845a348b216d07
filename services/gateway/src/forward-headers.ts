import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and never travel on. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * Not forwarded to a service either: the gateway is the edge, so client-sent forwarding headers
 * are dropped and ours set; Host becomes the service's; Expect is answered by the gateway itself.
 */
const droppedFromRequests = new Set([...hopByHop, 'host', 'expect', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'forwarded']);

/** The header names a Connection header lists (`Connection: close, X-Secret` → x-secret). */
const connectionTokens = (value: string | string[] | undefined): Set<string> | null => {
  if (value === undefined) return null;
  const tokens = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
  return tokens.length ? new Set(tokens) : null;
};

const withoutNamed = (flat: string[], named: Set<string>): string[] => {
  const out: string[] = [];
  for (let i = 0; i < flat.length; i += 2) if (!named.has(flat[i]!)) out.push(flat[i]!, flat[i + 1]!);
  return out;
};

/** What the proxy learns about a request while it copies its headers. */
export interface ForwardedRequest {
  /** Flat [name, value, name, value, ...] for undici. */
  headers: string[];
  contentLength: number | null;
  /** A body framed by Transfer-Encoding (chunked): its size is known only at its end. */
  chunked: boolean;
}

/**
 * The headers a service receives: the client's end-to-end headers (cookies included), minus
 * hop-by-hop ones and any header its Connection header names, plus X-Forwarded-For (the socket's
 * peer), X-Forwarded-Host (the Host the client addressed) and X-Forwarded-Proto.
 */
export const forwardRequestHeaders = (req: IncomingMessage, proto: string): ForwardedRequest => {
  const raw = req.rawHeaders;
  const headers: string[] = [];
  let host: string | undefined;
  let connection: string | undefined;
  let contentLength: number | null = null;
  let chunked = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (droppedFromRequests.has(name)) {
      if (name === 'host') host ??= value;
      else if (name === 'connection') connection = connection === undefined ? value : `${connection},${value}`;
      else if (name === 'transfer-encoding') chunked = true;
      continue;
    }
    if (name === 'content-length') contentLength = Number(value);
    headers.push(name, value);
  }
  const named = connectionTokens(connection);
  named?.delete('content-length'); // it frames the body Node is reading: not the client's to drop
  const kept = named?.size ? withoutNamed(headers, named) : headers;
  kept.push('x-forwarded-for', req.socket.remoteAddress ?? 'unknown', 'x-forwarded-proto', proto);
  if (host !== undefined) kept.push('x-forwarded-host', host);
  return { headers: kept, contentLength, chunked };
};

/** A service's response headers without hop-by-hop ones (Node frames the answer itself). */
export const responseHeaders = (upstream: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string | string[]> => {
  const named = connectionTokens(upstream.connection);
  const out: Record<string, string | string[]> = {};
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined || hopByHop.has(name) || named?.has(name)) continue;
    out[name] = value;
  }
  return out;
};
