import './zod';
import { z } from 'zod';
import { ENGINE_RUN_PURPOSES } from '../rewards/test-runs';
import type { PublicEventMap, PublicEventType, ServerEventMap, ServerEventType, UserEventMap, UserEventType } from './realtime';
import { transactionIdSchema } from './transaction-id';

/**
 * The zod schema of each user event type's data (see UserEventMap in realtime.ts). The service
 * kit validates data against it before publishing, so a stream never carries a malformed event.
 */
export const userEventSchemas: { [T in UserEventType]: z.ZodType<UserEventMap[T]> } = {
  'session.ended': z.object({ sessionId: z.uuid() }),
  'rewards.account_changed': z.object({ reason: z.string().max(100) }),
  'rewards.test_run_started': z.object({ runId: z.uuid() }),
  'rewards.test_run_progress': z.object({
    runId: z.uuid(),
    phase: z.enum(['compiling', 'running']),
    testsDone: z.number().int().nonnegative(),
    testsTotal: z.number().int().nonnegative(),
  }),
  'rewards.test_run_finished': z.object({
    runId: z.uuid(),
    status: z.enum(['completed', 'failed']),
    points: z.number().int().nonnegative(),
    purpose: z.enum(ENGINE_RUN_PURPOSES).optional(),
  }),
  'rewards.withdrawal_completed': z.object({ withdrawalId: z.uuid(), amountCents: z.number().int().positive(), txSignature: z.string().max(100) }),
  'nft.mint_started': z.object({ nftId: z.uuid() }),
  'nft.mint_completed': z.object({ nftId: z.uuid(), tokenId: z.string().max(100), points: z.number().int().nonnegative() }),
  'bounties.bounty_claimed': z.object({ bountyId: z.uuid() }),
  'bounties.completion_submitted': z.object({ bountyId: z.uuid(), completionId: z.uuid() }),
  'bounties.completion_reviewed': z.object({ bountyId: z.uuid(), completionId: z.uuid(), status: z.enum(['approved', 'rejected']) }),
  'bounties.claim_ended': z.object({ bountyId: z.uuid(), reason: z.enum(['released', 'lapsed']) }),
  'bounties.subscription_changed': z.object({ plan: z.enum(['free', 'pro']) }),
  'bounties.proof_run_finished': z.object({
    bountyId: z.uuid(),
    completionId: z.uuid(),
    verdict: z.enum(['reproduces', 'does_not_reproduce', 'does_not_compile']),
  }),
  'bounties.project_code_checked': z.object({ projectId: z.uuid(), version: z.number().int().positive() }),
  'bounties.findings_changed': z.object({ projectId: z.uuid() }),
};

/**
 * The zod schema of each public event type's data as its publisher gives it (see PublicEventMap). Strict: a key that is
 * not declared is refused, not dropped, so nothing private rides along by mistake.
 */
export const publicEventDataSchemas = {
  'marketplace.listing_changed': z.strictObject({ listingId: z.uuid(), nftId: z.uuid(), status: z.enum(['listed', 'cancelled', 'sold']) }),
  'bounties.bounty_changed': z.strictObject({ bountyId: z.uuid(), status: z.enum(['open', 'claimed', 'closed']) }),
} satisfies { [T in PublicEventType]: z.ZodType<Omit<PublicEventMap[T], 'transactionId'>> };

/** Each public event's data as a stream carries it: the publisher's keys and the publishing transaction's id. */
export const publicEventSchemas: { [T in PublicEventType]: z.ZodType<PublicEventMap[T]> } = {
  'marketplace.listing_changed': publicEventDataSchemas['marketplace.listing_changed'].extend({ transactionId: transactionIdSchema }),
  'bounties.bounty_changed': publicEventDataSchemas['bounties.bounty_changed'].extend({ transactionId: transactionIdSchema }),
};

/** Every event type's data schema, user and public: what a stream may carry. */
export const serverEventSchemas: { [T in ServerEventType]: z.ZodType<ServerEventMap[T]> } = { ...userEventSchemas, ...publicEventSchemas };
