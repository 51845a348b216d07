/**
 * A PostgreSQL snapshot as `pg_current_snapshot()::text` writes it, `xmin:xmax:xip,...`: which
 * transactions had finished when it was taken (what `pg_visible_in_snapshot` answers, in process).
 */
export interface TransactionSnapshot {
  xmin: bigint;
  xmax: bigint;
  inProgress: ReadonlySet<bigint>;
}

export const parseSnapshot = (text: string): TransactionSnapshot => {
  const [xmin, xmax, xip = ''] = text.split(':');
  if (xmin === undefined || xmax === undefined) throw new Error(`not a snapshot: ${text}`);
  return { xmin: BigInt(xmin), xmax: BigInt(xmax), inProgress: new Set(xip === '' ? [] : xip.split(',').map(BigInt)) };
};

/** Whether transaction `id` (a `pg_current_xact_id()` in decimal) had finished when `snapshot` was taken. */
export const finishedBefore = (snapshot: TransactionSnapshot, id: string): boolean => {
  if (!/^\d{1,20}$/.test(id)) return false;
  const xid = BigInt(id);
  return xid < snapshot.xmin || (xid < snapshot.xmax && !snapshot.inProgress.has(xid));
};
