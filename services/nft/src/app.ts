import { createServiceApp, type Sql } from '@starforge/service-kit';

/** The nft service: its routes mount here as the domain is built. */
export const createApp = (sql: Sql) => createServiceApp('nft', sql);
