import { useId, useState } from 'react';
import type { Bounty, Completion } from '@starforge/contracts/bounties';
import { DEFAULT_PROOF_FILE_NAME } from '@starforge/contracts/bounties';
import { bountiesMessages, COMPLETION_PROOF_MAX, COMPLETION_URL_MAX } from '@starforge/contracts/bounties';
import { failureMessage, useFormAction } from '@starforge/host';
import { Field, TextAreaField } from '@starforge/ui';
import { useSubmitCompletion } from '../api/submit-completion';
import { type CompletionField, type CompletionFields, completionInput, type ProofTestFields } from '../completion-input';
import { ProofTestFieldset } from './proof-test-fieldset';

/**
 * The proof form: submit the first completion or update it (which sets it back to pending), checked
 * with the server's schema before sending. 'Completion submitted successfully!' or 'Completion
 * updated successfully!' by the answer's `created`; 'Failed to submit completion' otherwise, or
 * the server's own words for a refusal. Where the bounty names a code version (issue 28), an
 * optional proof test file beside them, run against that version when it is submitted.
 */
export function CompletionForm({ bounty, completion, onSubmitted }: { bounty: Bounty; completion: Completion | null; onSubmitted: () => void }) {
  const ids = useId();
  const [fields, setFields] = useState<CompletionFields>({
    completion_proof: completion?.completion_proof ?? '',
    completion_url: completion?.completion_url ?? '',
  });
  const [test, setTest] = useState<ProofTestFields>({
    name: completion?.proof?.test.name ?? DEFAULT_PROOF_FILE_NAME,
    content: completion?.proof?.test.content ?? '',
  });
  const [invalid, setInvalid] = useState<CompletionField | null>(null);
  const submit = useSubmitCompletion();
  const form = useFormAction({
    name: 'completion',
    check: () => {
      const input = completionInput(fields, bounty.code_version === null ? null : test);
      setInvalid(input.ok ? null : input.field);
      return input;
    },
    run: (input) => submit.run(bounty.id, input.body),
    success: (answer) => (answer.created ? bountiesMessages.completionSubmitted : bountiesMessages.completionUpdated),
    onSuccess: onSubmitted,
    failure: (error) => failureMessage(error, { fallback: bountiesMessages.submitFailed }),
  });
  const set = (field: CompletionField) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [field]: event.target.value }));
  const errorOf = (field: CompletionField) => (invalid === field ? form.error : null);
  const title = completion ? 'Update Your Completion' : 'Submit Your Completion';

  return (
    <section className="sf-card bounty-completion-form" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{title}</h2>
      <form onSubmit={form.submit} noValidate aria-describedby={form.error && !invalid ? `${ids}-error` : undefined}>
        <TextAreaField
          label="Completion proof"
          required
          rows={7}
          maxLength={COMPLETION_PROOF_MAX}
          placeholder="What you found, how to reproduce it, and how it is fixed..."
          value={fields.completion_proof}
          onChange={set('completion_proof')}
          error={errorOf('completion_proof')}
        />
        <Field
          label="Completion URL (optional)"
          type="url"
          inputMode="url"
          maxLength={COMPLETION_URL_MAX}
          placeholder="https://github.com/your-org/your-repo/pull/1"
          hint="A pull request, report or proof of concept (http or https)."
          value={fields.completion_url}
          onChange={set('completion_url')}
          error={errorOf('completion_url')}
        />
        {bounty.code_version === null ? null : (
          <ProofTestFieldset
            projectId={bounty.project_id}
            version={bounty.code_version}
            test={test}
            onChange={setTest}
            nameError={errorOf('proof_test_name')}
            contentError={errorOf('proof_test_content')}
          />
        )}
        <button type="submit" className="sf-btn sf-btn-primary" disabled={submit.busy} aria-busy={submit.busy}>
          {submit.busy ? 'Submitting...' : completion ? 'Update Completion' : 'Submit Completion'}
        </button>
        {form.error && !invalid ? (
          <p id={`${ids}-error`} className="sf-field-error bounty-form-error" role="alert">
            {form.error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
