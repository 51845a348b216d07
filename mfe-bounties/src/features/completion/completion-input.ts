import { type SubmitCompletionRequest, submitCompletionSchema } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties-constants';

/** The proof form as typed. */
export interface CompletionFields {
  completion_proof: string;
  completion_url: string;
}
export type CompletionField = keyof CompletionFields;

export type CompletionInput = { ok: true; body: SubmitCompletionRequest } | { ok: false; message: string; field: CompletionField };

/**
 * The proof form checked with the server's own schema before anything is sent: the proof is
 * required and not blank ('Please provide completion proof'); the URL is optional, http or https
 * only ('Please enter a valid http or https URL'). `field` names the field the message is about.
 */
export const completionInput = (fields: CompletionFields): CompletionInput => {
  const body: SubmitCompletionRequest = { completion_proof: fields.completion_proof, completion_url: fields.completion_url.trim() };
  const parsed = submitCompletionSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const [issue] = parsed.error.issues;
  return issue?.path[0] === 'completion_url'
    ? { ok: false, message: issue.message, field: 'completion_url' }
    : { ok: false, message: issue?.message ?? bountiesMessages.proofRequired, field: 'completion_proof' };
};
