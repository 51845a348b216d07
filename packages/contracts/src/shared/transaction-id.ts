import './zod';
import { z } from 'zod';

/**
 * A transaction's id as PostgreSQL writes `pg_current_xact_id()` (an xid8: at most 20 digits), as
 * public events carry it (`transactionId`) and a live list sends it back when it refetches on one
 * (`seen`: the answer must be no older than that transaction).
 */
export const transactionIdSchema = z.string().regex(/^[0-9]{1,20}$/, 'A transaction id is at most 20 digits');

/** The query parameter of a live list's read: the newest public event's transaction id the screen has heard. */
export const seenQuerySchema = z.object({ seen: transactionIdSchema.optional() });
