import { createServiceApp, type Sql } from '@starforge/service-kit';

/** The events service: the one live event stream per tab, at `/api/events`. */
export const createApp = (sql: Sql) => createServiceApp('events', sql);
