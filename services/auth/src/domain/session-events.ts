import { publishEvents, type Db } from '@starforge/service-kit';

/**
 * Publishes `session.ended` for each ended session to its user's live event streams; inside the
 * transaction that ended them, so the streams close only if the sign-out committed.
 */
export const announceEnded = async (db: Db, userId: string, sessions: { id: string }[]): Promise<void> => {
  await publishEvents(
    db,
    sessions.map(({ id }) => ({ userId, type: 'session.ended' as const, data: { sessionId: id } })),
  );
};
