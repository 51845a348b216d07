import type postgres from 'postgres';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { completeKey, type KeyRef } from './key-store';

/** The claim each request under `idempotent()` holds, found by its Request object. */
export const claims = new WeakMap<Request, { ref: KeyRef; claim: string; keptInTransaction?: boolean }>();

/**
 * Keeps the JSON answer of an idempotent request inside the handler's own transaction, so the
 * money moved and the answer to replay commit together or not at all. Without it there is a gap:
 * a process that dies after the handler's commit but before `idempotent()` keeps the answer
 * leaves the key unfinished, and once the claim is taken to be abandoned a retry runs again.
 * With it a retry replays the answer even then. Answer with `c.json(body, status)` as usual
 * afterwards (the same bytes). Does nothing for a request without an Idempotency-Key.
 */
export const keepIdempotentAnswer = async (
  tx: postgres.TransactionSql,
  c: { req: { raw: Request } },
  body: unknown,
  status: ContentfulStatusCode = 200,
): Promise<void> => {
  const held = claims.get(c.req.raw);
  if (!held) return;
  const kept = await completeKey(tx, held.ref, held.claim, {
    status,
    headers: [['content-type', 'application/json']],
    body: new TextEncoder().encode(JSON.stringify(body)) as Uint8Array<ArrayBuffer>,
  });
  if (!kept) throw new Error('idempotency: this request no longer holds its key (taken over as abandoned)');
  held.keptInTransaction = true;
};
