import { useId } from 'react';
import { SAMPLE_CONTRACTS, type SampleContract } from '@starforge/contract-engine/samples';
import type { TestType } from '@starforge/contracts/rewards-constants';
import { SourceEditor } from './source-editor';

export interface ContractDraft {
  source: string;
  functionName: string;
  args: string;
}

export const emptyContractDraft: ContractDraft = { source: '', functionName: '', args: '' };

interface ContractPanelProps {
  draft: ContractDraft;
  testType: TestType | '';
  onChange: (draft: ContractDraft) => void;
  /** A sample also picks its test type. */
  onSample: (sample: SampleContract) => void;
}

/**
 * The optional contract of a run: a sample in one click, or the user's own Solidity, and for a
 * transaction test the function to call and its arguments.
 */
export function ContractPanel({ draft, testType, onChange, onSample }: ContractPanelProps) {
  const ids = useId();
  return (
    <fieldset className="rewards-contract">
      <legend>Your contract</legend>
      <p className="sf-muted">
        The engine compiles it with solc 0.8.37 and runs it on the network's EVM: every function named <code>test…</code> must pass (<code>testFail…</code> must
        revert), after <code>setUp()</code> if there is one.
      </p>
      <p className="rewards-contract-samples-label">Start from a sample:</p>
      <div className="rewards-contract-samples">
        {SAMPLE_CONTRACTS.map((sample) => (
          <button key={sample.id} type="button" className="sf-btn sf-btn-ghost" title={sample.description} onClick={() => onSample(sample)}>
            {sample.title}
          </button>
        ))}
      </div>
      <SourceEditor id={`${ids}-source`} label="Solidity source" value={draft.source} onChange={(source) => onChange({ ...draft, source })} />
      {testType === 'transaction' ? (
        <div className="rewards-contract-call">
          <div className="sf-field">
            <label htmlFor={`${ids}-function`}>Function to call</label>
            <input
              id={`${ids}-function`}
              value={draft.functionName}
              spellCheck={false}
              autoComplete="off"
              placeholder="transfer"
              onChange={(e) => onChange({ ...draft, functionName: e.target.value })}
            />
          </div>
          <div className="sf-field">
            <label htmlFor={`${ids}-args`}>Arguments, separated by commas</label>
            <input
              id={`${ids}-args`}
              value={draft.args}
              spellCheck={false}
              autoComplete="off"
              placeholder="0x000000000000000000000000000000000000dEaD, 250"
              onChange={(e) => onChange({ ...draft, args: e.target.value })}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
