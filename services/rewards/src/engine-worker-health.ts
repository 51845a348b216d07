import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sql } from '@starforge/service-kit';

/** What an engine worker says about itself at /health. */
export interface EngineWorkerStatus {
  host: string;
  pid: number;
  /** Contract runs it takes at once. */
  concurrency: number;
  /** Runs under way now, and finished since it started. */
  running: number;
  finished: number;
  startedAt: string;
}

/**
 * The engine worker's own `GET /health` on its own port: 200 with its status while it reaches
 * the database, 503 otherwise. A worker takes its work from the database and answers no one, so
 * this port is what a supervisor on its machine (systemd, a container's probe) can ask; nothing
 * else is served.
 */
export const serveEngineHealth = (
  { port, host, sql, status }: { port: number; host: string; sql: Sql; status: () => EngineWorkerStatus },
  onListening: (url: string) => void,
): Server => {
  const server = createServer((request, response) => {
    const answer = (code: number, body: object) => {
      response.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || request.url !== '/health')
      return answer(404, { error: { code: 'not_found', message: 'Only GET /health is served here.' } });
    sql`select 1`.then(
      () => answer(200, { status: 'ok', ...status() }),
      () => answer(503, { status: 'database_unreachable', ...status() }),
    );
  });
  server.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    onListening(`http://${address.address}:${address.port}`);
  });
  return server;
};
