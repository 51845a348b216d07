import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOWN, rawRequest, readBody, startGateway, startUpstream, testConfig } from './testing';

interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const DOWNLOAD_BYTES = 32 * 1024 * 1024;

/** Tells a test what the upstream saw; each test waits on the event it needs. */
const seen = new Map<string, (value: unknown) => void>();
const waitFor = <T>(key: string): Promise<T> => new Promise((resolve) => seen.set(key, resolve as (value: unknown) => void));
const tell = (key: string, value?: unknown) => seen.get(key)?.(value);
const releases = new Map<string, () => void>();
const released = (key: string): Promise<void> => new Promise((resolve) => releases.set(key, resolve));

/** Every request and connection the upstream saw, in order. */
const received: string[] = [];
let upstreamConnections = 0;

const upstreamRoutes = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
  const path = (req.url ?? '').split('?')[0];
  received.push(`${req.method} ${path}`);
  if (path === '/api/events/stream') {
    // Server-sent events written over time: the second only after the test saw the first.
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('id: 1\ndata: first\n\n');
    await released('sse');
    res.end('id: 2\ndata: second\n\n');
    return;
  }
  if (path === '/api/auth/own-headers') {
    // A service that sets a security header itself, as the image route sets nosniff.
    res.writeHead(200, { 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
    res.end('png');
    return;
  }
  if (path === '/api/events/hold') {
    // Starts an answer and never finishes it; tells the test when its request closes.
    res.on('close', () => tell('hold-closed', res.writableFinished));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': open\n\n');
    tell('hold-open');
    return;
  }
  if (path === '/api/events/silent') {
    // Never answers at all; tells the test when its request closes.
    req.on('close', () => tell('silent-closed'));
    tell('silent-open');
    return;
  }
  if (path === '/api/nft/images') {
    // Counts an upload as it arrives.
    let bytes = 0;
    for await (const chunk of req) {
      bytes += (chunk as Buffer).length;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes }));
    return;
  }
  if (path === '/api/auth/slurp') {
    const body = await readBody(req).catch(() => '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes: body.length }));
    return;
  }
  if (path === '/api/auth/download') {
    // 32 MiB, more than the loopback buffers hold, as fast as the gateway takes it.
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(DOWNLOAD_BYTES) });
    for (let i = 0; i < DOWNLOAD_BYTES / 65_536; i++) if (!res.write(Buffer.alloc(65_536, i % 256))) await new Promise((resolve) => res.once('drain', resolve));
    res.end(() => tell('download-done', 'done'));
    return;
  }
  if (path === '/api/auth/fails') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'internal_error', message: 'boom' } }));
    return;
  }
  if (path === '/api/auth/hop') {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'X-Internal', 'x-internal': 'secret', 'keep-alive': 'timeout=5', 'x-kept': 'yes' });
    res.end('{}');
    return;
  }
  const body = await readBody(req);
  const echo: Echo = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
  res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['sf_refresh=abc; HttpOnly; Path=/api/auth', 'other=1; Path=/'] });
  res.end(JSON.stringify(echo));
};

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let gw: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => void upstreamRoutes(req, res));
  upstream.server.on('connection', () => upstreamConnections++);
  gw = await startGateway(testConfig(upstream.url, { services: { nft: DOWN } }));
});
afterAll(async () => {
  await gw.close();
  await upstream.close();
});

/** The nft service is down in this file; image uploads need a gateway whose nft is up. */
const withNftUp = async <T>(fn: (url: string) => Promise<T>): Promise<T> => {
  const other = await startGateway(testConfig(upstream.url));
  try {
    return await fn(other.url);
  } finally {
    await other.close();
  }
};

describe('proxy: what passes', () => {
  it('forwards path, query, body and cookies; sets forwarding headers at the edge; passes set-cookie back', async () => {
    const res = await rawRequest(`${gw.url}/api/auth/token?grant_type=password`, {
      method: 'POST',
      body: '{"email":"a@b.c"}',
      headers: {
        'content-type': 'application/json',
        cookie: 'sf_refresh=old',
        host: 'starforge.example:3000',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
      },
    });
    expect(res.status).toBe(200);
    const echo = JSON.parse(res.body) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: '/api/auth/token?grant_type=password', body: '{"email":"a@b.c"}' });
    expect(echo.headers).toMatchObject({
      cookie: 'sf_refresh=old',
      'content-type': 'application/json',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': 'starforge.example:3000',
      'x-forwarded-proto': 'http',
    });
    expect(echo.headers.forwarded).toBeUndefined();
    expect(echo.headers['x-real-ip']).toBeUndefined();
    expect(echo.headers.host).toBe(new URL(upstream.url).host);
    expect(res.headers['set-cookie']).toEqual(['sf_refresh=abc; HttpOnly; Path=/api/auth', 'other=1; Path=/']);
  });

  it('forwards every ordinary method, a GET with a body included, and HEAD without one', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      // node:http frames a GET, DELETE or OPTIONS body only when told its length.
      const res = await rawRequest(`${gw.url}/api/auth/echo`, {
        method,
        body: '{"a":1}',
        headers: { 'content-type': 'application/json', 'content-length': '7' },
      });
      expect(res.status, method).toBe(200);
      expect(JSON.parse(res.body), method).toMatchObject({ method, body: '{"a":1}' });
    }
    const head = await rawRequest(`${gw.url}/api/auth/echo`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('puts the security headers on proxied answers', async () => {
    const res = await fetch(`${gw.url}/api/auth/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('sends each security header once, the gateway\u2019s value, when the service set it too', async () => {
    const answer = await rawRequest(`${gw.url}/api/auth/own-headers`);
    expect(answer.status).toBe(200);
    // Node joins a repeated header with ', ': one value means one header.
    expect([answer.headers['x-content-type-options'], answer.headers['x-frame-options']]).toEqual(['nosniff', 'DENY']);
  });

  it('says https in X-Forwarded-Proto when the public origin is https', async () => {
    const tls = await startGateway(testConfig(upstream.url, { publicOrigin: 'https://starforge.example' }));
    try {
      const echo = (await (await fetch(`${tls.url}/api/auth/x`)).json()) as Echo;
      expect(echo.headers['x-forwarded-proto']).toBe('https');
    } finally {
      await tls.close();
    }
  });

  it('passes a service error through as it is', async () => {
    const res = await fetch(`${gw.url}/api/auth/fails`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'internal_error', message: 'boom' } });
  });

  it('answers 404 in the error shape for an unknown service', async () => {
    const res = await fetch(`${gw.url}/api/payments/health`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});

describe('proxy: hop-by-hop headers (RFC 9110 §7.6.1)', () => {
  it('drops Connection, every header it names, Keep-Alive, Proxy-Connection, TE and Upgrade, and still answers', async () => {
    const res = await rawRequest(`${gw.url}/api/auth/echo`, {
      headers: {
        connection: 'keep-alive, X-Secret, Upgrade',
        'x-secret': 'hop only',
        'keep-alive': 'timeout=5',
        'proxy-connection': 'keep-alive',
        te: 'trailers',
        upgrade: 'websocket',
        'x-end-to-end': 'kept',
      },
    });
    expect(res.status).toBe(200);
    const { headers } = JSON.parse(res.body) as Echo;
    for (const name of ['x-secret', 'keep-alive', 'proxy-connection', 'te', 'upgrade']) expect(headers[name], name).toBeUndefined();
    expect(headers.connection).not.toMatch(/secret|upgrade/i);
    expect(headers['x-end-to-end']).toBe('kept');
  });

  it('drops hop-by-hop headers from the service answer too', async () => {
    const res = await rawRequest(`${gw.url}/api/auth/hop`);
    expect(res.status).toBe(200);
    expect(res.headers['x-internal']).toBeUndefined();
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
    expect(res.headers['x-kept']).toBe('yes');
  });

  it('forwards an Upgrade request as an ordinary one instead of failing it', async () => {
    const res = await rawRequest(`${gw.url}/api/auth/echo`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as Echo).headers.upgrade).toBeUndefined();
  });

  it('answers Expect: 100-continue itself, then forwards the body', async () => {
    const body = 'x'.repeat(8_000);
    const answer = await new Promise<{ continued: boolean; status: number; echo: Echo }>((resolve, reject) => {
      let continued = false;
      const req = request(`${gw.url}/api/auth/upload`, {
        method: 'POST',
        agent: false,
        headers: { expect: '100-continue', 'content-type': 'text/plain', 'content-length': String(body.length) },
      });
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', (res) => void readBody(res).then((text) => resolve({ continued, status: res.statusCode ?? 0, echo: JSON.parse(text) as Echo })));
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.continued).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.echo.body).toBe(body);
    expect(answer.echo.headers.expect).toBeUndefined();
  });

  it('refuses an Expect: 100-continue body over the limit before the client sends it', async () => {
    const answer = await new Promise<{ continued: boolean; status: number; body: string }>((resolve, reject) => {
      let continued = false;
      const req = request(`${gw.url}/api/auth/upload`, {
        method: 'POST',
        agent: false,
        headers: { expect: '100-continue', 'content-length': String(20 * 1024 * 1024) },
      });
      req.on('continue', () => (continued = true));
      req.on('response', (res) => void readBody(res).then((text) => resolve({ continued, status: res.statusCode ?? 0, body: text })));
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.continued).toBe(false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large (at most 16 KiB).' } });
  });

  it('answers TRACE with 405 in the error shape', async () => {
    const res = await rawRequest(`${gw.url}/api/auth/echo`, { method: 'TRACE' });
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'method_not_allowed', message: 'TRACE is not allowed.' } });
    expect(res.headers.allow).not.toContain('TRACE');
  });
});

describe('proxy: body limits at the gateway', () => {
  it('refuses a Content-Length over the route limit with 413 before the service sees it', async () => {
    const res = await rawRequest(`${gw.url}/api/auth/wallet/nonce`, {
      method: 'POST',
      body: 'x'.repeat(20_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large (at most 16 KiB).' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('counts a chunked body without Content-Length as it arrives and answers 413 past the limit, without asking the service', async () => {
    const before = received.length;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${gw.url}/api/auth/slurp`, { method: 'POST', agent: false, headers: { 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => void readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, body })));
      req.on('error', () => {}); // the gateway closes the connection after its answer
      let sent = 0;
      const more = () => {
        if (sent >= 1024 * 1024 || req.destroyed) return;
        sent += 4096;
        req.write(Buffer.alloc(4096, 120), () => setImmediate(more));
      };
      more();
      req.on('close', () => reject(new Error('closed without an answer')));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large (at most 16 KiB).' } });
    expect(received.slice(before)).toEqual([]);
  });

  it('holds an upload whole before it asks the service, then sends it at once', async () => {
    await withNftUp(async (url) => {
      const total = 10 * 1000 * 1000;
      const before = received.length;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${url}/api/nft/images`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'image/png', 'content-length': String(total) },
        });
        req.on('response', (res) => void readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, body })));
        req.on('error', reject);
        // The first megabyte; the service has heard nothing while the rest is still to come.
        req.write(Buffer.alloc(1_000_000, 1));
        setTimeout(() => {
          expect(received.slice(before)).toEqual([]);
          for (let i = 1; i < 10; i++) req.write(Buffer.alloc(1_000_000, 1));
          req.end();
        }, 300);
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ bytes: total });
      expect(received.slice(before)).toEqual(['POST /api/nft/images']);
    });
  });

  it('lets fetch read 10 of 10 413s for a 20 MB body, sent whole or in pieces', async () => {
    const MB = 1000 * 1000;
    const pieces = () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new Uint8Array(65_536).fill(120));
          sent += 65_536;
          if (sent >= 20 * MB) controller.close();
        },
      });
    };
    await withNftUp(async (url) => {
      for (const [path, body] of [
        ['/api/nft/images', pieces],
        ['/api/auth/slurp', () => Buffer.alloc(20 * MB, 120)],
      ] as const) {
        const statuses: (number | string)[] = [];
        for (let i = 0; i < 10; i++) {
          const res = await fetch(`${url}${path}`, {
            method: 'POST',
            body: body(),
            duplex: 'half',
            headers: { 'content-type': 'image/png' },
          } as RequestInit).catch((error: Error) => String(error.cause ?? error));
          statuses.push(typeof res === 'string' ? res : res.status);
          if (typeof res !== 'string') await res.arrayBuffer();
        }
        expect(statuses, path).toEqual(Array(10).fill(413));
      }
    });
  }, 90_000);
});

describe('proxy: slow bodies', () => {
  /** Opens a connection, sends `head` and a few bytes of body, then stalls; resolves to all the gateway wrote before closing. */
  const stall = (url: string, head: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write(`${head}0123456789`));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  it('never opens a connection to a service for a stalled body, and answers it once with 408', async () => {
    const slow = await startGateway(testConfig(upstream.url, { bodyTimeoutMs: 500 }));
    try {
      const connections = upstreamConnections;
      const before = received.length;
      const heads = [
        ...Array.from(
          { length: 20 },
          () => 'POST /api/auth/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
        ),
        ...Array.from(
          { length: 20 },
          () => 'POST /api/nft/images HTTP/1.1\r\nHost: localhost\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\na\r\n',
        ),
      ];
      const answers = await Promise.all(heads.map((head) => stall(slow.url, head)));
      for (const answer of answers) {
        expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
          error: { code: 'request_timeout', message: 'The request body did not arrive in time.' },
        });
      }
      expect(upstreamConnections - connections).toBe(0);
      expect(received.slice(before)).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('logs a client that leaves mid-upload once, in one line, as the client’s doing', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const before = received.length;
      const socket = connect(Number(new URL(gw.url).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('POST /api/nft/images HTTP/1.1\r\nHost: localhost\r\nContent-Type: image/png\r\nContent-Length: 1000000\r\n\r\n');
      socket.write(Buffer.alloc(10_000, 1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
      await vi.waitFor(() => expect(info).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(error).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
      expect(info.mock.calls).toEqual([['[gateway] POST /api/nft/images: the client left while sending its body (after 10000 bytes)']]);
      expect(received.slice(before)).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('proxy: streaming answers and disconnects', () => {
  it('passes server-sent events through at once: the first arrives before the service ends', async () => {
    const res = await fetch(`${gw.url}/api/events/stream`);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('id: 1\ndata: first\n\n');
    releases.get('sse')!();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('id: 2\ndata: second\n\n');
  });

  it('holds the service back while the client is slow, instead of buffering its answer', async () => {
    const done = waitFor<string>('download-done');
    const res = await fetch(`${gw.url}/api/auth/download`);
    const reader = res.body!.getReader();
    let bytes = (await reader.read()).value!.length;
    // The client stops reading: a gateway that buffered would let the service finish anyway.
    const stalled = await Promise.race([done, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000))]);
    expect(stalled).toBe('still waiting');
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
    expect(bytes).toBe(DOWNLOAD_BYTES);
    expect(await done).toBe('done');
  });

  it('closes the service request when the client leaves during the answer', async () => {
    const open = waitFor('hold-open');
    const closed = waitFor<boolean>('hold-closed');
    const controller = new AbortController();
    const res = await fetch(`${gw.url}/api/events/hold`, { signal: controller.signal });
    await open;
    await res.body!.getReader().read();
    controller.abort();
    expect(await closed).toBe(false);
  });

  it('closes the service request when the client leaves before any answer', async () => {
    const open = waitFor('silent-open');
    const closed = waitFor('silent-closed');
    const socket = connect(Number(new URL(gw.url).port), '127.0.0.1');
    socket.write('GET /api/events/silent HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await open;
    socket.destroy();
    await closed;
  });
});

describe('proxy: 502 only when a service is down', () => {
  it('answers 502 with the error shape when the service does not listen', async () => {
    const res = await fetch(`${gw.url}/api/nft/health`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'service_unavailable', message: 'The nft service is unavailable. Please try again shortly.' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 502 for a request with a body too', async () => {
    const res = await rawRequest(`${gw.url}/api/nft/things`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(502);
  });
});
