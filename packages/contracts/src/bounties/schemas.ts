import '../shared/zod';
import { z } from 'zod';
import {
  BOUNTIES_PAGE_SIZE,
  BOUNTY_DESCRIPTION_MAX,
  BOUNTY_SEARCH_MAX_LENGTH,
  BOUNTY_STATUSES,
  BOUNTY_TITLE_MAX,
  bountiesMessages,
  CLAIM_PERIOD_DAYS,
  COMPLETION_PROOF_MAX,
  COMPLETION_STATUSES,
  COMPLETION_URL_MAX,
  DEFAULT_CLAIM_PERIOD_DAYS,
  DEFAULT_PROJECT_TYPE,
  DEFAULT_SEVERITY,
  PLANS,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_TYPES,
  REVIEW_NOTES_MAX,
  SEVERITIES,
} from './constants';
import { pageNumber } from '../shared/query-numbers';
import { paymentSchema } from '../marketplace/cart';
import { dollarsSchema } from '../shared/money-schema';
import { completionProofSchema, proofTestSchema } from './proofs';
import { text } from '../shared/text';
import { seenQuerySchema } from '../shared/transaction-id';

/**
 * Wire formats of the bounties service (`/api/bounties`), amounts in integer cents. The user is
 * the token's subject; no answer carries another user's id or e-mail (people are shown by their
 * display name from auth's public_profiles, and by `*_by_me` flags).
 *
 * Plans: GET /subscription; POST /subscription/upgrade/card (the card alone, @starforge/payments/wire's
 * `cardPaymentOf`, composed at the service's route); POST /subscription/upgrade/solana/requests then
 * /subscription/upgrade/solana (the marketplace's two Solana steps and schemas, @starforge/payments/wire);
 * POST /subscription/downgrade.
 * Projects: GET /projects, POST /projects, GET /projects/mine/active.
 * Bounties: GET /bounties?project=&page=, POST /bounties (funded: the reward is held from the
 * creator's cash), GET /bounties/open?q=&page=, GET /bounties/:id, POST /bounties/:id/claim,
 * POST /bounties/:id/close (the creator, while open: the reward returned), POST /bounties/:id/release
 * (the claimer gives the claim up; a claim also lapses by itself, issue 26).
 * Completion: GET / PUT /bounties/:id/completion (the claimer); GET / POST /bounties/:id/review
 * (the creator: the pending completion, then approve or reject).
 */

const timestamp = z.string();
const uuid = (message: string) => z.uuid(message);

// --- Plans -------------------------------------------------------------------------------

export const subscriptionSchema = z.object({
  plan: z.enum(PLANS),
  /** Pro is active from `started_at` until a downgrade; Free has no start. */
  is_active: z.boolean(),
  started_at: timestamp.nullable(),
  updated_at: timestamp.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionAnswerSchema = z.object({ subscription: subscriptionSchema });
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

/** An upgrade's answer: the plan now, and the $29 payment (brand and last 4, or the Solana transaction). */
export const upgradeAnswerSchema = z.object({ subscription: subscriptionSchema, payment: paymentSchema });
export type UpgradeAnswer = z.infer<typeof upgradeAnswerSchema>;

// --- Projects ----------------------------------------------------------------------------

const budgetSchema = dollarsSchema(bountiesMessages.invalidBudget, { allowZero: true });

/** POST /projects: name required; type smart_contract by default; budget ≥ 0 (default 0). */
export const createProjectSchema = z.object({
  name: text(bountiesMessages.projectNameRequired)
    .trim()
    .min(1, bountiesMessages.projectNameRequired)
    .max(PROJECT_NAME_MAX, `Project name must be at most ${PROJECT_NAME_MAX} characters`),
  description: text().trim().max(PROJECT_DESCRIPTION_MAX, `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`).default(''),
  project_type: z.enum(PROJECT_TYPES, 'Please choose a project type').default(DEFAULT_PROJECT_TYPE),
  budget: budgetSchema.default(0),
});
export type CreateProjectRequest = z.input<typeof createProjectSchema>;

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  project_type: z.enum(PROJECT_TYPES),
  budget_cents: z.number().int().nonnegative(),
  status: z.string(),
  created_at: timestamp,
  /** The owner's display name. */
  owner_name: z.string(),
  is_mine: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectAnswerSchema = z.object({ project: projectSchema });
export type ProjectAnswer = z.infer<typeof projectAnswerSchema>;

export const pageQuerySchema = z.object({ page: pageNumber() });
const pageFields = { total: z.number().int().nonnegative(), page: z.number().int().positive(), page_size: z.literal(BOUNTIES_PAGE_SIZE) };

export const projectsAnswerSchema = z.object({ projects: z.array(projectSchema), ...pageFields });
export type ProjectsAnswer = z.infer<typeof projectsAnswerSchema>;

/** GET /projects/mine/active: what the bounty form offers. */
export const activeProjectsAnswerSchema = z.object({ projects: z.array(z.object({ id: z.uuid(), name: z.string() })) });
export type ActiveProjectsAnswer = z.infer<typeof activeProjectsAnswerSchema>;

// --- Bounties ----------------------------------------------------------------------------

/** POST /bounties (Pro only): title, description and reward required; reward ≥ 0; one of the caller's active projects. */
export const createBountySchema = z.object({
  title: text(bountiesMessages.fillBountyFields)
    .trim()
    .min(1, bountiesMessages.fillBountyFields)
    .max(BOUNTY_TITLE_MAX, `Title must be at most ${BOUNTY_TITLE_MAX} characters`),
  description: text(bountiesMessages.fillBountyFields)
    .trim()
    .min(1, bountiesMessages.fillBountyFields)
    .max(BOUNTY_DESCRIPTION_MAX, `Description must be at most ${BOUNTY_DESCRIPTION_MAX} characters`),
  reward: dollarsSchema(bountiesMessages.invalidReward, { allowZero: true }),
  severity: z.enum(SEVERITIES, 'Please choose a severity').default(DEFAULT_SEVERITY),
  project_id: uuid(bountiesMessages.projectNotActive),
  /** Days a claim lives without a pending completion (issue 26): 3, 7 (the default), 14 or 30. */
  claim_days: z.literal(CLAIM_PERIOD_DAYS, bountiesMessages.chooseClaimPeriod).default(DEFAULT_CLAIM_PERIOD_DAYS),
});
export type CreateBountyRequest = z.input<typeof createBountySchema>;

export const bountySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(SEVERITIES),
  reward_cents: z.number().int().nonnegative(),
  project_id: z.uuid(),
  project_name: z.string(),
  status: z.enum(BOUNTY_STATUSES),
  created_at: timestamp,
  /** The creator's display name. */
  creator_name: z.string(),
  created_by_me: z.boolean(),
  claimed_by_me: z.boolean(),
  /** How long the creator took to review: the last submission to its review, in seconds (null until reviewed). */
  review_seconds: z.number().int().nonnegative().nullable(),
  /** Days a claim lives without a pending completion, chosen when it was posted. */
  claim_days: z.number().int().positive(),
  /**
   * When the running claim lapses (the bounty open again) unless a completion is pending: shown to
   * the creator and the claimer only; null for anyone else, and while no claim runs or a
   * completion is pending.
   */
  claim_lapses_at: timestamp.nullable(),
  /** The project code version the bounty was posted against (issue 28): the project's newest when posted; null when it had none. */
  code_version: z.number().int().positive().nullable(),
});
export type Bounty = z.infer<typeof bountySchema>;
export const bountyAnswerSchema = z.object({ bounty: bountySchema });
export type BountyAnswer = z.infer<typeof bountyAnswerSchema>;

/** GET /bounties: every bounty, newest first, optionally of one project. */
export const bountiesQuerySchema = pageQuerySchema.extend({ project: z.uuid('Unknown project').optional() });
export const bountiesAnswerSchema = z.object({ bounties: z.array(bountySchema), ...pageFields });
export type BountiesAnswer = z.infer<typeof bountiesAnswerSchema>;

/** GET /bounties/open: open bounties, newest first, searched on title, description and project name. */
export const openBountiesQuerySchema = pageQuerySchema.extend({
  q: text().trim().max(BOUNTY_SEARCH_MAX_LENGTH, `Search at most ${BOUNTY_SEARCH_MAX_LENGTH} characters`).default(''),
  /** The transaction id of the newest `bounties.bounty_changed` the screen heard: the page is no older than it. */
  ...seenQuerySchema.shape,
});
export type OpenBountiesQuery = z.output<typeof openBountiesQuerySchema>;

export const bountyIdParamSchema = z.object({ id: z.uuid(bountiesMessages.loadBountyFailed) });

// --- Completion and review ---------------------------------------------------------------

const httpUrl = z
  .string()
  .trim()
  .max(COMPLETION_URL_MAX, bountiesMessages.invalidUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, bountiesMessages.invalidUrl);

/** PUT /bounties/:id/completion (the claimer): proof required and non-blank; URL optional, http(s) only. */
export const submitCompletionSchema = z.object({
  completion_proof: text(bountiesMessages.proofRequired)
    .trim()
    .min(1, bountiesMessages.proofRequired)
    .max(COMPLETION_PROOF_MAX, `Proof must be at most ${COMPLETION_PROOF_MAX} characters`),
  /** Empty means none. */
  completion_url: z.union([z.literal('').transform(() => null), httpUrl, z.null()]).default(null),
  /**
   * An executable proof (issue 28): a test file run against the bounty's code version on
   * submission. Only for a bounty posted against a version; null or absent means none.
   */
  proof_test: proofTestSchema.nullable().default(null),
});
export type SubmitCompletionRequest = z.input<typeof submitCompletionSchema>;

export const completionSchema = z.object({
  id: z.uuid(),
  bounty_id: z.uuid(),
  completion_proof: z.string(),
  completion_url: z.string().nullable(),
  status: z.enum(COMPLETION_STATUSES),
  review_notes: z.string().nullable(),
  reviewed_at: timestamp.nullable(),
  /** When it was last submitted. */
  completed_at: timestamp,
  /** Its executable proof and the proof's newest run (issue 28); null without one. */
  proof: completionProofSchema.nullable(),
});
export type Completion = z.infer<typeof completionSchema>;
/** GET /bounties/:id/completion (the claimer's own) and GET /bounties/:id/review (the pending one, the creator only). */
export const completionAnswerSchema = z.object({ bounty: bountySchema, completion: completionSchema.nullable() });
export type CompletionAnswer = z.infer<typeof completionAnswerSchema>;
/** PUT's answer: `created` tells 'Completion submitted successfully!' from 'Completion updated successfully!'. */
export const submitCompletionAnswerSchema = z.object({ completion: completionSchema, created: z.boolean() });
export type SubmitCompletionAnswer = z.infer<typeof submitCompletionAnswerSchema>;

/** POST /bounties/:id/review (the creator): approve (the held reward paid to the claimer once) or reject with notes. */
export const reviewCompletionSchema = z.object({
  // A malformed id or decision is named as such ("completion_id must be an id (a UUID)"); the
  // spec's 'No Pending Completion Found' is said when there is no such pending completion.
  completion_id: z.uuid(),
  decision: z.enum(['approve', 'reject']),
  review_notes: text().trim().max(REVIEW_NOTES_MAX, `Review notes must be at most ${REVIEW_NOTES_MAX} characters`).default(''),
});
export type ReviewCompletionRequest = z.input<typeof reviewCompletionSchema>;
export const reviewAnswerSchema = z.object({ bounty: bountySchema, completion: completionSchema });
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;
