import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createServiceApp } from '../create-app';
import { createSql, type Sql } from '../db';
import { drainRequestBody } from './drain';
import { serveApp } from './serve-app';

const MB = 1000 * 1000;

/** A 20 MB body in 64 KiB pieces with no Content-Length, as a chunked upload arrives. */
const stream20MB = () => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new Uint8Array(65_536).fill(120));
      sent += 65_536;
      if (sent >= 20 * MB) controller.close();
    },
  });
};

/** Sends `total` bytes of body after `head` on a raw socket, pausing `pauseMs` after the first megabyte. */
const slowUpload = (port: number, head: string, total: number, pauseMs: number): Promise<{ answer: string; writeError: string | null; socket: Socket }> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let writeError: string | null = null;
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    const piece = Buffer.alloc(65_536, 120);
    let sent = 0;
    const done = () => resolve({ answer, writeError, socket });
    socket.once('close', done);
    const more = () => {
      while (sent < total && !socket.destroyed) {
        const size = Math.min(piece.length, total - sent);
        sent += size;
        const wait = sent >= MB && sent - size < MB;
        if (!socket.write(piece.subarray(0, size)) || wait) {
          if (wait) setTimeout(more, pauseMs);
          else socket.once('drain', more);
          return;
        }
      }
      // All sent (or cut off): give the answer a moment to arrive.
      setTimeout(done, 300);
    };
    socket.once('connect', () => {
      socket.write(head);
      more();
    });
  });

describe('a service answering before the body is read', () => {
  let sql: Sql;
  let server: ServerType;
  let base: string;
  let port: number;
  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 1 });
    const app = createServiceApp('nft', sql, { http: { publicOrigin: 'http://localhost:3000', trustedProxies: new Set() } });
    app.post('/echo', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
    app.post('/images', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
    server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await sql.end();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lets fetch read 10 of 10 answers to a 20 MB body: 413s over the limit, 415 for the wrong type', async () => {
    const cases = [
      { path: '/api/nft/echo', type: 'application/json', status: 413, body: () => Buffer.alloc(20 * MB, 120) },
      { path: '/api/nft/images', type: 'image/png', status: 413, body: stream20MB },
      { path: '/api/nft/images', type: 'text/plain', status: 415, body: stream20MB },
    ];
    for (const { path, type, status, body } of cases) {
      {
        const statuses: (number | string)[] = [];
        for (let i = 0; i < 10; i++) {
          const res = await fetch(`${base}${path}`, { method: 'POST', body: body(), duplex: 'half', headers: { 'content-type': type } } as RequestInit).catch(
            (error: Error) => String(error.cause ?? error),
          );
          statuses.push(typeof res === 'string' ? res : res.status);
          if (typeof res !== 'string') await res.arrayBuffer();
        }
        expect(statuses, `${path} ${type}`).toEqual(Array(10).fill(status));
      }
    }
  }, 90_000);

  it('reads the rest of a refused body for seconds, so a client that pauses can still read the 413, and keeps the connection', async () => {
    const head = `POST /api/nft/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${20 * MB}\r\n\r\n`;
    const { answer, writeError, socket } = await slowUpload(port, head, 20 * MB, 1_500);
    expect(writeError).toBeNull();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"payload_too_large"');
    // The body was read to its end: the same connection takes the next request.
    const next = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString('latin1'))));
    socket.write('GET /api/nft/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await next).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });

  it('logs a client that leaves mid-upload once, in one line, as the client’s doing', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /api/nft/images HTTP/1.1\r\nHost: localhost\r\nContent-Type: image/png\r\nContent-Length: ${MB}\r\n\r\n`);
    socket.write(Buffer.alloc(10_000, 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await vi.waitFor(() => expect(info).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(1);
    const line = info.mock.calls[0]!.join(' ');
    expect(line).toMatch(/^\[nft\] \S+ POST \/api\/nft\/images: the client left while sending its body \(after 10000 bytes\)$/);
  });
});

describe('drainRequestBody', () => {
  /** A server that answers 413 at once and drains within the given bounds. */
  const listen = async (bounds: { maxBytes: number; maxMs: number }): Promise<{ server: Server; port: number }> => {
    const server = createServer((req, res) => {
      res.writeHead(413, { 'content-type': 'text/plain', 'content-length': '8' });
      res.end('too big\n');
      drainRequestBody(req, bounds);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  };

  it('closes the connection once a body passes the byte bound or the time bound', async () => {
    const { server, port } = await listen({ maxBytes: MB, maxMs: 400 });
    try {
      const head = `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${50 * MB}\r\n\r\n`;
      const tooMuch = await slowUpload(port, head, 50 * MB, 0);
      expect(tooMuch.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(tooMuch.socket.destroyed || tooMuch.writeError !== null).toBe(true);
      const started = Date.now();
      const tooSlow = await slowUpload(port, `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${2 * MB}\r\n\r\n`, 2 * MB, 3_000);
      expect(tooSlow.answer).toMatch(/^HTTP\/1\.1 413 /);
      // Closed by the server while the client paused, long before it would have sent the rest.
      expect(tooSlow.socket.destroyed).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 30_000);
});
