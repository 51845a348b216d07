import type { UpgradeAnswer } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';
import type { CardFields } from '@starforge/payments/browser';

/** POST /api/bounties/subscription/upgrade/card (upgradeCardSchema: the card alone) with an Idempotency-Key: the $29 by card (the server keeps its brand and last 4), Pro from now. */
const upgradeByCard = (card: CardFields, idempotencyKey: string): Promise<UpgradeAnswer> =>
  authClient.authed<UpgradeAnswer>('/api/bounties/subscription/upgrade/card', { method: 'POST', json: card, idempotencyKey });

export const useUpgradeByCard = () => useAction(({ idempotencyKey }, card: CardFields) => upgradeByCard(card, idempotencyKey));
