/**
 * The bounties domain's constants and user-facing words (spec sections 4, 5, 6, 8 and 9;
 * issue 17), without zod, so screens import them without pulling zod in. Schemas are in
 * bounties.ts.
 */

import { formatCents } from '../shared/money';

// Plans: 'Free Plan' / 'Pro Plan' here, apart from rewards' FORGE tiers (tier 'Free' there).
export const PLANS = ['free', 'pro'] as const;
export type Plan = (typeof PLANS)[number];
export const planNames: Record<Plan, string> = { free: 'Free Plan', pro: 'Pro Plan' };
/** $29 a month; Free is $0. */
export const PRO_PLAN_PRICE_CENTS = 2900;
/** After 'Successfully upgraded to Pro!' the pricing page goes to /dashboard after this. */
export const UPGRADE_REDIRECT_MS = 1500;

export const planFeatures: Record<Plan, readonly string[]> = {
  free: ['View and claim bounties', 'Basic marketplace access', 'Community support'],
  pro: ['Create bug bounties', 'Create projects', 'Priority support', 'Analytics', 'Custom project settings', 'Higher marketplace visibility'],
};

export const pricingFaq: readonly { question: string; answer: string }[] = [
  { question: 'Can I downgrade anytime?', answer: 'Yes. You can return to the Free plan at any time from this page.' },
  { question: 'Which payment methods do you accept?', answer: 'Both traditional payments (credit and debit cards) and Solana.' },
  { question: 'What happens to my bounties if I downgrade?', answer: 'Existing bounties stay: they remain open, claimable and reviewable.' },
  { question: 'Can I participate on the free plan?', answer: 'Yes. The Free plan lets you view and claim bounties and submit completions.' },
];

export const PROJECT_TYPES = ['smart_contract', 'dapp', 'defi', 'nft', 'other'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const DEFAULT_PROJECT_TYPE: ProjectType = 'smart_contract';
export const projectTypeLabels: Record<ProjectType, string> = {
  smart_contract: 'Smart Contract',
  dapp: 'DApp',
  defi: 'DeFi',
  nft: 'NFT',
  other: 'Other',
};
export const PROJECT_STATUSES = ['active', 'completed', 'paused'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Spec section 4: active green, completed blue, any other yellow. */
export const projectStatusTone = (status: string): 'green' | 'blue' | 'yellow' => (status === 'active' ? 'green' : status === 'completed' ? 'blue' : 'yellow');

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const DEFAULT_SEVERITY: Severity = 'medium';
export const severityLabels: Record<Severity, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
/** Spec section 9: low green, medium yellow, high orange, critical red. */
export const severityTone: Record<Severity, 'green' | 'yellow' | 'orange' | 'red'> = { low: 'green', medium: 'yellow', high: 'orange', critical: 'red' };

export const BOUNTY_STATUSES = ['open', 'claimed', 'closed'] as const;
export const COMPLETION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

/**
 * Claims have a life (issue 26): a claim with no pending completion lapses this many days after
 * the claim (or after its completion's rejection), and the bounty is open again. The creator
 * chooses one when posting (services/bounties/README.md, "Claims have a life", says why these).
 */
export const CLAIM_PERIOD_DAYS = [3, 7, 14, 30] as const;
export type ClaimPeriodDays = (typeof CLAIM_PERIOD_DAYS)[number];
export const DEFAULT_CLAIM_PERIOD_DAYS: ClaimPeriodDays = 7;
export const claimPeriodText = (days: number): string => (days === 1 ? '1 day' : `${days} days`);

/** Lengths the server enforces (the spec gives none; these keep rows and pages sane). */
export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const BOUNTY_TITLE_MAX = 150;
export const BOUNTY_DESCRIPTION_MAX = 5000;
export const COMPLETION_PROOF_MAX = 10000;
export const COMPLETION_URL_MAX = 2048;
export const REVIEW_NOTES_MAX = 2000;
export const BOUNTY_SEARCH_MAX_LENGTH = 100;
/** The open-bounties list's page and the /bounties grid's. */
export const BOUNTIES_PAGE_SIZE = 24;

export const bountiesErrorCodes = {
  proRequired: 'pro_required',
  insufficientFunds: 'insufficient_funds',
  projectNotActive: 'project_not_active',
  notProjectOwner: 'not_project_owner',
  ownBounty: 'own_bounty',
  notOpen: 'bounty_not_open',
  notClaimer: 'not_claimer',
  notCreator: 'not_creator',
  noPendingCompletion: 'no_pending_completion',
  alreadyApproved: 'completion_approved',
  alreadyPro: 'already_pro',
  notPro: 'not_pro',
  notClosable: 'bounty_not_closable',
  notFound: 'bounty_not_found',
  claimLapsed: 'claim_lapsed',
} as const;

export const bountiesMessages = {
  // Pricing and plans.
  upgraded: 'Successfully upgraded to Pro!',
  upgradeFailed: 'Failed to upgrade subscription',
  downgraded: 'You are now on the Free plan',
  downgradeFailed: 'Failed to downgrade subscription',
  alreadyPro: 'You are already on the Pro plan',
  notPro: 'You are already on the Free plan',
  // Projects.
  projectCreated: 'Project created successfully!',
  projectCreateFailed: 'Failed to create project',
  loadProjectsFailed: 'Failed to load projects',
  projectNameRequired: 'Please enter a project name',
  invalidBudget: 'Please enter a valid budget',
  // Bounties.
  bountyCreated: 'Bug bounty created successfully!',
  bountyCreateFailed: 'Failed to create bug bounty',
  loadBountiesFailed: 'Failed to load bug bounties',
  proOnly: 'Only Pro users can create bug bounties. Please upgrade your subscription.',
  proOnlyButton: '(Pro Only)',
  fillBountyFields: 'Please fill in all required fields',
  invalidReward: 'Please enter a valid reward amount',
  projectNotActive: 'Please choose one of your active projects',
  claimed: 'Bug bounty claimed successfully!',
  claimFailed: 'Failed to claim bug bounty',
  ownBounty: 'You cannot claim your own bounty',
  notOpen: 'This bounty is no longer open',
  createdByYou: 'Created by you',
  claimedByYou: 'Claimed by you',
  reviewCompletion: 'Review Completion',
  completeBounty: 'Complete Bounty',
  claimBounty: 'Claim Bounty',
  closed: 'Bounty closed and its reward returned',
  closeFailed: 'Failed to close bounty',
  notClosable: 'Only an open bounty can be closed',
  notCreatorClose: 'Only the creator of this bounty can close it',
  notFound: 'This bounty does not exist',
  // Claims have a life (issue 26).
  chooseClaimPeriod: 'Please choose a claim period',
  releaseClaim: 'Release Claim',
  released: 'Claim released: the bounty is open to claim again',
  releaseFailed: 'Failed to release claim',
  notClaimerRelease: 'Only the claimer of this bounty can release it',
  claimLapsed: 'Your claim on this bounty has lapsed',
  claimEnded: 'Your claim on this bounty has ended: it is open to claim again.',
  // The open-bounties list.
  searchPlaceholder: 'Search bounties...',
  noOpenBountiesTitle: 'No Open Bounties Found',
  noOpenBountiesSearching: 'Try adjusting your search terms',
  noOpenBounties: 'No bug bounties are currently available',
  // Completion and review.
  loadBountyFailed: 'Failed to load bounty details',
  proofRequired: 'Please provide completion proof',
  invalidUrl: 'Please enter a valid http or https URL',
  completionSubmitted: 'Completion submitted successfully!',
  completionUpdated: 'Completion updated successfully!',
  submitFailed: 'Failed to submit completion',
  notClaimer: 'Only the claimer of this bounty can submit a completion',
  notCreator: 'Only the creator of this bounty can review its completion',
  approved: 'Bounty completion approved and payment released!',
  rejected: 'Bounty completion rejected',
  reviewFailed: 'Failed to process approval',
  noPendingTitle: 'No Pending Completion Found',
  noPending: "This bounty doesn't have any pending completions to review.",
  alreadyApproved: 'This completion has already been approved',
  approveButton: 'Approve & Release Payment',
  rejectButton: 'Reject Completion',
} as const;

/**
 * How the rewards statement names a bounty's three cash rows (rewards' description column): the
 * reward held from the creator's cash when it is posted, paid to the claimer on approval, or
 * returned to the creator when it is closed unclaimed.
 */
export const bountyLedgerDescriptions = {
  hold: (title: string): string => `Reward held for bounty: ${title}`,
  payout: (title: string): string => `Reward for bounty: ${title}`,
  return: (title: string): string => `Reward returned, bounty closed: ${title}`,
} as const;

/** 'Showing N open bounties' (spec section 4), N from the server. */
export const showingOpenBounties = (total: number): string => `Showing ${total} open ${total === 1 ? 'bounty' : 'bounties'}`;

/** A reward above the creator's cash: names what is available (issue 17). */
export const insufficientFundsMessage = (availableCents: number): string =>
  `Insufficient balance to fund this bounty (${formatCents(availableCents)} available)`;

/**
 * How long a creator took to review (a bounty's `review_seconds`), as people read it: 'under
 * 1 min', '45 min', '2 h 5 min', '3 d 4 h' (the two largest units, a zero second one left out).
 */
export const reviewTimeText = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
};
