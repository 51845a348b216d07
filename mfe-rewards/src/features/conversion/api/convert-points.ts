import type { Conversion } from '@starforge/contracts/rewards';
import { authClient, useAction } from '@starforge/host';

/** POST /api/rewards/convert with an Idempotency-Key: points to cash at 1000 points = $1.00 (one ledger row). */
const convertPoints = (points: number, idempotencyKey: string): Promise<Conversion> =>
  authClient.authed<Conversion>('/api/rewards/convert', { method: 'POST', json: { points }, idempotencyKey });

/** Convert, single flight, with one Idempotency-Key per press (kept on its retries). */
export const useConvertPoints = () => useAction(({ idempotencyKey }, points: number) => convertPoints(points, idempotencyKey));
