import { bountiesErrorCodes, bountiesMessages, PRO_PLAN_PRICE_CENTS, type Plan, type Subscription, type UpgradeAnswer } from '@starforge/contracts/bounties';
import { conflict, publishEvent, type Db, type Tx } from '@starforge/service-kit';
import {
  issueSolanaPaymentRequest,
  paySolanaPaymentRequest,
  RECORDED_SOLANA_TRANSACTION,
  solanaPaymentRequestAnswer,
  type SolanaPaymentConfig,
  type StoredSolanaPaymentRequest,
} from '@starforge/payments/server';
import { recordPlanPayment, type PlanPaymentMeans } from './payments';
import type { CardDetails, SolanaCheckoutRequest, SolanaPaymentRequest } from '@starforge/payments/wire';

/** 409: an upgrade of a user already on Pro (nothing is charged). */
const alreadyPro = () => conflict(bountiesMessages.alreadyPro, bountiesErrorCodes.alreadyPro);
/** 409: a downgrade of a user already on Free. */
const notPro = () => conflict(bountiesMessages.notPro, bountiesErrorCodes.notPro);

interface SubscriptionRow {
  subscriptionTier: Plan;
  isActive: boolean;
  startedAt: Date | null;
  updatedAt: Date;
}

/** No row is the Free plan: active, never started, never changed. */
const FREE: Subscription = { plan: 'free', is_active: true, started_at: null, updated_at: null };

const subscriptionOf = (row: SubscriptionRow | undefined): Subscription =>
  row
    ? { plan: row.subscriptionTier, is_active: row.isActive, started_at: row.startedAt?.toISOString() ?? null, updated_at: row.updatedAt.toISOString() }
    : FREE;

/**
 * Whether the user is on the Pro plan now. Inside a transaction the Pro row is taken `for share`,
 * so a downgrade (an update of that row) waits until what the caller decided on it (a bounty
 * posted, say) commits. No row is Free: nothing to lock, and an upgrade racing the caller only
 * makes it answer Free a moment early.
 */
export const isPro = async (db: Db, userId: string): Promise<boolean> => {
  const rows = await db`
    select 1 from bounties.user_subscriptions
    where user_id = ${userId} and subscription_tier = 'pro' and is_active
    for share`;
  return rows.length > 0;
};

/** GET /subscription: the user's plan (no row: Free). */
export const readSubscription = async (db: Db, userId: string): Promise<Subscription> => {
  const [row] = await db<SubscriptionRow[]>`
    select subscription_tier, is_active, started_at, updated_at from bounties.user_subscriptions where user_id = ${userId}`;
  return subscriptionOf(row);
};

/**
 * The user's plan row, locked for an upgrade (a Free row is made first when there is none, so two
 * upgrades of one user queue on it: the second finds Pro); 409 `already_pro` when on Pro.
 */
const lockForUpgrade = async (tx: Tx, userId: string): Promise<void> => {
  await tx`insert into bounties.user_subscriptions (user_id, subscription_tier) values (${userId}, 'free') on conflict (user_id) do nothing`;
  const [row] = await tx<{ subscriptionTier: Plan }[]>`
    select subscription_tier from bounties.user_subscriptions where user_id = ${userId} for update`;
  if (row?.subscriptionTier === 'pro') throw alreadyPro();
};

/** The plan row changed (Pro from now, or back to Free), and the user's tabs told (`bounties.subscription_changed`, last: it holds the user's event lock). */
const changePlan = async (tx: Tx, userId: string, plan: Plan): Promise<Subscription> => {
  const [row] = await tx<SubscriptionRow[]>`
    update bounties.user_subscriptions
    set subscription_tier = ${plan}, is_active = true, started_at = ${plan === 'pro' ? tx`now()` : null}, updated_at = now()
    where user_id = ${userId}
    returning subscription_tier, is_active, started_at, updated_at`;
  if (!row) throw new Error('no subscription row to change');
  await publishEvent(tx, { userId, type: 'bounties.subscription_changed', data: { plan } });
  return subscriptionOf(row);
};

/** Pays the plan's price and makes the user Pro, after `lockForUpgrade`. */
const upgrade = async (tx: Tx, userId: string, totalCents: number, means: PlanPaymentMeans, idempotencyKey: string | null): Promise<UpgradeAnswer> => {
  const payment = await recordPlanPayment(tx, userId, totalCents, means, idempotencyKey);
  return { subscription: await changePlan(tx, userId, 'pro'), payment };
};

/**
 * POST /subscription/upgrade/card, in the caller's transaction: refused when already Pro (409),
 * else the $29 recorded with the card's brand and last 4 (the number and cvv never reach here:
 * `upgradeCardSchema` keeps only those) and the plan Pro from now.
 */
export const upgradeByCard = async (tx: Tx, userId: string, card: CardDetails, idempotencyKey: string | null): Promise<UpgradeAnswer> => {
  await lockForUpgrade(tx, userId);
  return upgrade(tx, userId, PRO_PLAN_PRICE_CENTS, { method: card.payment_method, cardBrand: card.card_brand, cardLast4: card.card_last4 }, idempotencyKey);
};

/**
 * POST /subscription/upgrade/solana/requests: what the wallet is to sign for the $29 (the kit's
 * request: the treasury, the lamports, a fresh reference and blockhash, 5 minutes to pay), stored
 * in `solana_payment_requests`. Refused when already Pro (409): nothing to pay for.
 */
export const createUpgradeRequest = async (tx: Tx, userId: string, config: SolanaPaymentConfig): Promise<SolanaPaymentRequest> => {
  if ((await readSubscription(tx, userId)).plan === 'pro') throw alreadyPro();
  const issued = await issueSolanaPaymentRequest(config, PRO_PLAN_PRICE_CENTS);
  const [row] = await tx<{ id: string; expiresAt: Date }[]>`
    insert into bounties.solana_payment_requests
      (user_id, reference, treasury, lamports, total_cents, recent_blockhash, last_valid_block_height, expires_at)
    values (${userId}, ${issued.reference}, ${issued.treasury}, ${issued.lamports.toString()}, ${issued.totalCents}, ${issued.recentBlockhash},
            ${issued.lastValidBlockHeight}, now() + make_interval(secs => ${issued.ttlSeconds}))
    returning id, expires_at`;
  if (!row) throw new Error('no payment request inserted');
  return solanaPaymentRequestAnswer(issued, row);
};

/**
 * POST /subscription/upgrade/solana: the kit's `paySolanaPaymentRequest` (the request locked, the
 * caller's own, unused, unexpired; the transfer verified; settled; marked used) with the plan's
 * own steps: before settling, the plan row locked and refused when already Pro (409, no SOL
 * moved); once settled, the payment recorded (its transaction, wallet and lamports) and the plan
 * Pro from now.
 */
export const upgradeBySolana = (tx: Tx, userId: string, body: SolanaCheckoutRequest, config: SolanaPaymentConfig, idempotencyKey: string | null) =>
  paySolanaPaymentRequest<StoredSolanaPaymentRequest, void, UpgradeAnswer>(
    tx,
    { table: 'bounties.solana_payment_requests', userId, body, config, recordedConstraint: RECORDED_SOLANA_TRANSACTION },
    {
      check: () => lockForUpgrade(tx, userId),
      record: async (_, paid, request) => {
        const answer = await upgrade(tx, userId, Number(request.totalCents), { method: 'solana', ...paid }, idempotencyKey);
        return { paymentId: answer.payment.id, result: answer };
      },
    },
  );

/**
 * POST /subscription/downgrade: Pro back to Free (active, no start), 409 `not_pro` when already
 * Free. Nothing is refunded and the user's bounties stay: open, claimable and reviewable.
 */
export const downgrade = async (tx: Tx, userId: string): Promise<Subscription> => {
  const [row] = await tx<{ subscriptionTier: Plan }[]>`
    select subscription_tier from bounties.user_subscriptions where user_id = ${userId} for update`;
  if (row?.subscriptionTier !== 'pro') throw notPro();
  return changePlan(tx, userId, 'free');
};
