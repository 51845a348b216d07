import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSql } from '@starforge/service-kit';
import { createAuthedApp } from './authed-app';

// Child-process entry for the HTTP comparison, so the load generator does not share its thread.
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const sql = createSql(databaseUrl, { max: 10 });
const app = createAuthedApp(sql);
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0) }, (info: AddressInfo) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
const stop = () => {
  server.close();
  void sql.end({ timeout: 1 }).finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
