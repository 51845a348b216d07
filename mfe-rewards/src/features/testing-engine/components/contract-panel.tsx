import { useId } from 'react';
import { SAMPLE_CONTRACTS, SAMPLE_SUITES, type SampleContract, type SampleSuite } from '@starforge/contracts/rewards';
import { GAS_THRESHOLD_GAS_DEFAULT, GAS_THRESHOLD_PCT_DEFAULT } from '@starforge/contracts/rewards';
import type { TestType } from '@starforge/contracts/rewards';
import { withFiles, type ContractDraft } from '../contract-draft';
import { SourceTabs } from '@starforge/ui/source-tabs';

interface ContractPanelProps {
  draft: ContractDraft;
  testType: TestType | '';
  onChange: (draft: ContractDraft) => void;
  /** A sample also picks its test type. */
  onSample: (sample: SampleContract) => void;
  /** A sample suite: its files as tabs, and its test type. */
  onSuite: (suite: SampleSuite) => void;
  /** Fail the run when its gas grows past the threshold against the suite's last completed run. */
  gasCheck: boolean;
  onGasCheck: (on: boolean) => void;
}

/**
 * The optional contract of a run: a sample in one click, or the user's own Solidity in one file or
 * a suite's tabs, and for a transaction test the function to call and its arguments.
 */
export function ContractPanel({ draft, testType, onChange, onSample, onSuite, gasCheck, onGasCheck }: ContractPanelProps) {
  const ids = useId();
  return (
    <fieldset className="rewards-contract">
      <legend>Your contract</legend>
      <p className="sf-muted">
        The engine compiles it with solc 0.8.37 and runs it on the network's EVM: every function named <code>test…</code> must pass (<code>testFail…</code> must
        revert), after <code>setUp()</code> if there is one. Add files for a suite: each file's name is its import path, beside <code>forge-std/Test.sol</code>{' '}
        and <code>@openzeppelin/contracts/…</code>; a suite's tests run as Foundry 1.0 runs them, <code>test…</code> with parameters fuzzed,{' '}
        <code>invariant…</code> in a campaign, and a test that must revert written <code>test_RevertWhen…</code> with <code>vm.expectRevert()</code>.
      </p>
      <p className="rewards-contract-samples-label">Start from a sample:</p>
      <div className="rewards-contract-samples">
        {SAMPLE_CONTRACTS.map((sample) => (
          <button key={sample.id} type="button" className="sf-btn sf-btn-ghost" title={sample.description} onClick={() => onSample(sample)}>
            {sample.title}
          </button>
        ))}
        {SAMPLE_SUITES.map((suite) => (
          <button key={suite.id} type="button" className="sf-btn sf-btn-ghost" title={suite.description} onClick={() => onSuite(suite)}>
            {suite.title}
          </button>
        ))}
      </div>
      <SourceTabs
        files={draft.files}
        active={draft.active}
        onSelect={(active) => onChange({ ...draft, active })}
        onChange={(files, active) => onChange(withFiles(draft, files, active))}
      />
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
      <label className="rewards-contract-gas-check">
        <input type="checkbox" checked={gasCheck} onChange={(e) => onGasCheck(e.target.checked)} /> Fail the run if a test or function costs more gas than in
        this suite's last completed run (by more than {GAS_THRESHOLD_PCT_DEFAULT} % and {GAS_THRESHOLD_GAS_DEFAULT} gas)
      </label>
    </fieldset>
  );
}
