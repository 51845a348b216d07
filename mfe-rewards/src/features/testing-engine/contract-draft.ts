import type { RunContract, TestRunDetail } from '@starforge/contracts/rewards';
import type { Network, TestType } from '@starforge/contracts/rewards';
import { FIRST_FILE_NAME, type SourceFile } from '@starforge/ui/source-files';
import { splitArgs } from './split-args';

/** The contract being edited under the Testing Engine: its files as tabs, and for a transaction test the call. */
export interface ContractDraft {
  files: SourceFile[];
  active: number;
  /** Sent as a suite's named files (`sources`); else the one file as `source`, the first generation's way. */
  suite: boolean;
  functionName: string;
  args: string;
}

export const emptyContractDraft: ContractDraft = { files: [{ name: FIRST_FILE_NAME, content: '' }], active: 0, suite: false, functionName: '', args: '' };

/** The files changed in the editor: a second file makes the draft a suite, and it stays one. */
export const withFiles = (draft: ContractDraft, files: SourceFile[], active: number): ContractDraft => ({
  ...draft,
  files,
  active,
  suite: draft.suite || files.length > 1,
});

/** The draft as the API takes it (checked by the API's own schema before it is sent). */
export const contractOfDraft = (draft: ContractDraft, testType: TestType): RunContract => {
  const call =
    testType === 'transaction' && draft.functionName.trim() !== '' ? { call: { function: draft.functionName.trim(), args: splitArgs(draft.args) } } : {};
  return draft.suite ? { sources: draft.files.map((f) => ({ ...f })), ...call } : { source: draft.files[0]?.content ?? '', ...call };
};

/** A finished run's contract loaded back into the editor ("Run again"). */
export const draftOfRun = (contract: NonNullable<TestRunDetail['contract']>): ContractDraft => ({
  files: contract.sources?.map((f) => ({ ...f })) ?? [{ name: FIRST_FILE_NAME, content: contract.source ?? '' }],
  active: 0,
  suite: contract.sources !== undefined,
  functionName: contract.call?.function ?? '',
  args: contract.call?.args.join(', ') ?? '',
});

/** What "Run again" carries to the Testing Engine, in the router's state. */
export interface RerunState {
  rerun: { network: Network; testType: TestType; contract: NonNullable<TestRunDetail['contract']> };
}

/** The rerun in a location's state, if it carries one. */
export const rerunOf = (state: unknown): RerunState['rerun'] | null => {
  const rerun = (state as Partial<RerunState> | null)?.rerun;
  return rerun && typeof rerun === 'object' && rerun.contract ? rerun : null;
};
