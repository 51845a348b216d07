import { createHash } from 'node:crypto';
import type { ContractRunResult, FunctionResult, InvariantCall, TraceFrame } from '@starforge/contracts/rewards';
import { proofFunctions } from './proof-verdict';

/**
 * A proof's fingerprint (issue 28; services/bounties/README.md "Same finding"): what the proof
 * proves, not its words. Pure and deterministic: the same result against the same version gives
 * the same fingerprint on any machine.
 */

/** Changes when the recipe below changes, so fingerprints made by two recipes never match. */
const RECIPE = 'starforge/proof-fingerprint/1';

/** The frames that are not an effect on the target: reads, and deployments (setting up, not attacking). */
const LEFT_OUT_KINDS = new Set(['STATICCALL', 'CREATE', 'CREATE2']);

/**
 * A path of calls into the target contracts, `Vault.withdraw()`, in order, each consecutive
 * repeat collapsed (a re-entrancy loop of 3 or 10 turns is one step).
 */
const collapse = (steps: string[]): string[] => steps.filter((step, i) => step !== steps[i - 1]);

/** The trace's calls into the targets: the test's and attacker contracts' own frames, reads and cheatcodes left out. */
export const targetPath = (frames: readonly TraceFrame[], targets: ReadonlySet<string>): string[] =>
  collapse(frames.filter((f) => !LEFT_OUT_KINDS.has(f.kind) && targets.has(f.contract)).map((f) => `${f.contract}.${f.function}`));

const sequencePath = (calls: readonly InvariantCall[], targets: ReadonlySet<string>): string[] =>
  collapse(calls.filter((c) => targets.has(c.contract)).map((c) => `${c.contract}.${c.function}`));

/** A broken invariant's calls into the targets: its replayed trace, or the shrunk sequence when the engine gave no trace. */
const invariantPath = (f: FunctionResult, targets: ReadonlySet<string>): string[] | null => {
  if (f.test?.trace) return targetPath(f.test.trace, targets);
  const sequence = f.test?.invariant?.sequence;
  return sequence ? sequencePath(sequence, targets) : null;
};

export interface FingerprintInput {
  /** The target version's id (a version of one project: the fingerprint is the project's and the version's). */
  versionId: string;
  /** The contracts the version defines (`targetContracts`). */
  targets: readonly string[];
  /** The proof's file name: only its functions are the proof. */
  proofFile: string;
  result: ContractRunResult;
}

/**
 * The fingerprint of a proof that reproduces, or null when it does not (nothing proven) or the
 * engine gave no trace to read it from (never a guess: two proofs without traces would match).
 *
 * - A broken invariant: each failing `invariant…` of the proof gives its target path, and the
 *   proof ends in "invariant broken".
 * - An exploit that held: each passing `test…` of the proof gives its target path (a test that
 *   calls no target, such as a sanity check, is left out), and it ends in "exploit held".
 *
 * The fingerprint is the SHA-256 (hex) of the recipe, the version, the ending and the distinct
 * paths, sorted.
 */
export const proofFingerprint = (input: FingerprintInput): string | null => {
  const basis = fingerprintBasis(input);
  return (
    basis &&
    createHash('sha256')
      .update(JSON.stringify([RECIPE, input.versionId, basis.ending, basis.paths]))
      .digest('hex')
  );
};

/** What `proofFingerprint` hashes beside the recipe and the version: the ending and the distinct target paths, sorted. */
export const fingerprintBasis = ({ targets, proofFile, result }: Omit<FingerprintInput, 'versionId'>): { ending: string; paths: string[] } | null => {
  if (result.errors.length > 0) return null;
  const own = proofFunctions(result, proofFile);
  const targetSet = new Set(targets);
  const broken = own.filter((f) => f.test?.kind === 'invariant' && f.outcome === 'failed');
  const tests = own.filter((f) => f.test?.kind !== 'invariant');
  let ending: 'invariant broken' | 'exploit held';
  let paths: (string[] | null)[];
  if (broken.length > 0) {
    ending = 'invariant broken';
    paths = broken.map((f) => invariantPath(f, targetSet));
  } else if (tests.length > 0 && tests.every((f) => f.outcome === 'passed')) {
    ending = 'exploit held';
    paths = tests.map((f) => (f.test?.trace ? targetPath(f.test.trace, targetSet) : null));
  } else {
    return null;
  }
  if (paths.some((p) => p === null)) return null;
  const distinct = [...new Set(paths.filter((p): p is string[] => p !== null && p.length > 0).map((p) => p.join(' > ')))].sort();
  return distinct.length === 0 ? null : { ending, paths: distinct };
};
