import { createServiceApp, type Sql } from '@starforge/service-kit';

/** The bounties service: its routes mount here as the domain is built. */
export const createApp = (sql: Sql) => createServiceApp('bounties', sql);
