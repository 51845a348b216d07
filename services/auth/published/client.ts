import type { Db } from '@starforge/service-kit';

/**
 * auth's typed client: the views auth publishes for other domains (this folder's `*.sql`, README
 * "Published interface"), each a fragment to read or join in the caller's query. auth raises no
 * SQLSTATE of its own to other domains, so there is no map to register.
 */

/** The view `auth.public_profiles` (id, display_name, first_name, last_name): a user's public names, never the e-mail. `left join ${publicProfiles(db)} p on p.id = …`. */
export const publicProfiles = (db: Db) => db`auth.public_profiles`;

/** The view `auth.active_sessions` (id, user_id): a session not in it was signed out. */
export const activeSessions = (db: Db) => db`auth.active_sessions`;
