import { type CreateBountyRequest, createBountySchema } from '@starforge/contracts/bounties';
import { bountiesMessages, DEFAULT_CLAIM_PERIOD_DAYS, DEFAULT_SEVERITY, type Severity } from '@starforge/contracts/bounties';

/** The create form as typed; the reward in dollars as the field holds it. */
export interface BountyFields {
  title: string;
  description: string;
  reward: string;
  severity: Severity;
  project_id: string;
  /** Days a claim lives without a pending completion (one of CLAIM_PERIOD_DAYS). */
  claim_days: number;
}
export type BountyField = keyof BountyFields;

export const emptyBounty = (projectId: string): BountyFields => ({
  title: '',
  description: '',
  reward: '',
  severity: DEFAULT_SEVERITY,
  project_id: projectId,
  claim_days: DEFAULT_CLAIM_PERIOD_DAYS,
});

export type BountyInput = { ok: true; body: CreateBountyRequest } | { ok: false; message: string; field: BountyField | null };

const fields: readonly BountyField[] = ['title', 'description', 'reward', 'severity', 'project_id', 'claim_days'];

/**
 * The bounty checked with the server's own schema before it is sent: title and description
 * ('Please fill in all required fields'), a reward of $0 or more in cents ('Please enter a valid
 * reward amount'), and one of the caller's active projects (`activeProjectIds`, 'Please choose one
 * of your active projects'), and a claim period offered ('Please choose a claim period'). Whether the creator's cash covers the reward is the server's to say.
 */
export const bountyInput = (typed: BountyFields, activeProjectIds: readonly string[]): BountyInput => {
  const parsed = createBountySchema.safeParse(typed);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = fields.find((name) => name === issue?.path[0]) ?? null;
    const message = issue?.message ?? bountiesMessages.fillBountyFields;
    return { ok: false, message, field: message === bountiesMessages.fillBountyFields ? null : field };
  }
  if (!activeProjectIds.includes(typed.project_id)) return { ok: false, message: bountiesMessages.projectNotActive, field: 'project_id' };
  return { ok: true, body: { ...typed, claim_days: parsed.data.claim_days } };
};
