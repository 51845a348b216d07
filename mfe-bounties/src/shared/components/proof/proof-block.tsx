import { useId } from 'react';
import { type CompletionProof, proofWords } from '@starforge/contracts/bounties';
import { formatWhen } from '@starforge/contracts/shared';
import { copyToClipboard, failureMessage, useFormAction } from '@starforge/host';
import { Badge } from '@starforge/ui';
import { SourceEditor } from '@starforge/ui/source-editor';
import { TestDetails } from '@starforge/ui/test-details';
import { useRerunProof } from '../../api/rerun-proof';
import { decidingTests, sameFindingText, verdictTones } from './proof-view';
import './proof.css';

/**
 * A completion's executable proof as the engine ruled it (the claimer's and the creator's
 * screens): the verdict and why, announced when it changes; the completion it duplicates, by
 * date only; the tests that decided it with their gas and call traces; the proof file; and "Run
 * proof again" against the bounty's version. `onRerun` reads the completion again.
 */
export function ProofBlock({ bountyId, proof, onRerun }: { bountyId: string; proof: CompletionProof; onRerun: () => void }) {
  const ids = useId();
  const rerun = useRerunProof();
  const form = useFormAction({
    name: 'proof run',
    check: () => ({ ok: true }) as const,
    run: () => rerun.run(bountyId),
    success: () => proofWords.verdict.running,
    onSuccess: onRerun,
    failure: (error) => failureMessage(error, { fallback: 'Failed to run the proof again' }),
  });
  const { run, test } = proof;
  const running = run.verdict === 'running';
  const tests = decidingTests(run);

  return (
    <section className="sf-card bounty-proof-block" aria-labelledby={`${ids}-title`} data-testid="proof-block" data-verdict={run.verdict}>
      <h2 id={`${ids}-title`}>Executable Proof</h2>
      <div role="status" aria-live="polite" aria-busy={running}>
        <p className="bounty-status-line">
          <Badge tone={verdictTones[run.verdict]}>
            <span data-testid="proof-verdict">{proofWords.verdict[run.verdict]}</span>
          </Badge>
          <span className="sf-muted">
            against version {run.version}
            {run.finished_at ? (
              <>
                {' · '}ran <time dateTime={run.finished_at}>{formatWhen(run.finished_at)}</time>
              </>
            ) : null}
          </span>
        </p>
        {run.why ? (
          <p className="bounty-proof-why" data-testid="proof-why">
            {run.why}
          </p>
        ) : null}
        {proof.same_finding_as_submitted_at ? (
          <p className="bounty-proof-same" data-testid="proof-same-finding">
            {sameFindingText(proof.same_finding_as_submitted_at)}
          </p>
        ) : null}
      </div>
      {run.result ? (
        <dl className="sf-facts">
          <div>
            <dt>Gas</dt>
            <dd data-testid="proof-gas">{run.result.total_gas.toLocaleString('en-US')} gas</dd>
          </div>
          {run.result.suite ? (
            <div>
              <dt>Tests</dt>
              <dd>
                {run.result.suite.tests_passed} of {run.result.suite.tests_total} passed
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {tests.length ? (
        <section aria-labelledby={`${ids}-tests`}>
          <h3 id={`${ids}-tests`}>{run.verdict === 'reproduces' ? 'What reproduces it' : 'What did not hold'}</h3>
          <ul className="bounty-proof-tests">
            {tests.map(({ fn, test: fields }) => (
              <TestDetails key={`${fields.contract}.${fn.signature}`} fn={fn} test={fields} onCopy={copyToClipboard} />
            ))}
          </ul>
        </section>
      ) : null}
      <details className="bounty-proof-file">
        <summary>Proof file: {test.name}</summary>
        <SourceEditor id={`${ids}-file`} label={`Solidity source of ${test.name}`} value={test.content} readOnly />
      </details>
      <div className="bounty-actions">
        <button type="button" className="sf-btn sf-btn-secondary" onClick={() => void form.run()} disabled={rerun.busy || running} aria-busy={rerun.busy}>
          {proofWords.runProofAgain}
        </button>
      </div>
      {form.error ? (
        <p className="sf-field-error bounty-form-error" role="alert">
          {form.error}
        </p>
      ) : null}
    </section>
  );
}
