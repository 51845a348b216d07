import { type SubmitCompletionRequest, submitCompletionSchema } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties';

/** The proof form as typed. */
export interface CompletionFields {
  completion_proof: string;
  completion_url: string;
}

/** The proof test file as typed (issue 28), offered where the bounty names a code version. */
export interface ProofTestFields {
  name: string;
  content: string;
}

export type CompletionField = keyof CompletionFields | 'proof_test_name' | 'proof_test_content';

export type CompletionInput = { ok: true; body: SubmitCompletionRequest } | { ok: false; message: string; field: CompletionField };

/**
 * The proof form checked with the server's own schema before anything is sent: the proof is
 * required and not blank ('Please provide completion proof'); the URL is optional, http or https
 * only ('Please enter a valid http or https URL'); the proof test file is optional (an empty one
 * is none, and is not sent) and, when written, needs a file name the engine takes. `field` names
 * the field the message is about.
 */
export const completionInput = (fields: CompletionFields, test: ProofTestFields | null = null): CompletionInput => {
  const body: SubmitCompletionRequest = { completion_proof: fields.completion_proof, completion_url: fields.completion_url.trim() };
  if (test && test.content.trim() !== '') body.proof_test = { name: test.name.trim(), content: test.content };
  const parsed = submitCompletionSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const [issue] = parsed.error.issues;
  const [first, second] = issue?.path ?? [];
  if (issue && first === 'completion_url') return { ok: false, message: issue.message, field: 'completion_url' };
  if (issue && first === 'proof_test') return { ok: false, message: issue.message, field: second === 'name' ? 'proof_test_name' : 'proof_test_content' };
  return { ok: false, message: issue?.message ?? bountiesMessages.proofRequired, field: 'completion_proof' };
};
