import { createServiceApp, requireUser, type AccessTokenKeys, type Sql } from '@starforge/service-kit';
import { EventHub } from './domain/event-hub';
import { streamRoutes } from './routes/stream';

export interface EventsAppOptions {
  /** The process's one hub. Default: a new one on this pool (it starts listening on first use). */
  hub?: EventHub;
  /** Public keys that sign access tokens. Default: the auth service's JWKS. */
  keys?: AccessTokenKeys;
}

/** The events service: the one live event stream per tab, at `/api/events/stream`. */
export const createApp = (sql: Sql, options: EventsAppOptions = {}) => {
  const hub = options.hub ?? new EventHub(sql);
  const app = createServiceApp('events', sql);
  // The session is checked when a stream opens; while it stays open, the hub checks again at
  // every heartbeat and on a `session.ended` event.
  const guard = requireUser({ sql, sessionCheck: 'always', ...(options.keys ? { keys: options.keys } : {}) });
  app.route('/', streamRoutes({ hub, requireUser: guard }));
  return app;
};
