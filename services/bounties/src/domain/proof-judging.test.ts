import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractRunResult, SuiteSource } from '@starforge/contracts/rewards';
import { createEnginePool, type EnginePool, type EngineRequest } from '@starforge/contract-engine';
import {
  brokenProof,
  buggyVault,
  drainProof,
  fixedVault,
  invariantProof,
  sameBugOtherWords,
  sweepProof,
  vaultCode,
} from '@starforge/contract-engine/vault-proofs';
import { codeCheckOf } from './code-check';
import { engineResultOf } from './engine-runs';
import { targetContracts, versionSources } from './code-sources';
import { fingerprintBasis, proofFingerprint, targetPath } from './proof-fingerprint';
import { proofVerdict } from './proof-verdict';

// The verdict and the fingerprint read what the real engine answers (solc and EDR, as the engine
// workers run a proof: smart_contract, every test's trace kept), never a result written by hand.
const SLOW = { timeout: 240_000 };
let pool: EnginePool;
beforeAll(() => {
  pool = createEnginePool({ size: 1, runTimeoutMs: 60_000, memoryMb: 512 });
});
afterAll(() => pool.close());

const v1 = versionSources(vaultCode(buggyVault));
const v2 = versionSources(vaultCode(fixedVault));
const targets = targetContracts(v1);

/** The proof run the service starts: the version's files and the proof, every trace kept. */
const runProof = (version: SuiteSource[], proof: SuiteSource): Promise<ContractRunResult> =>
  pool.run({ source: '', sources: [...version, proof], testType: 'smart_contract', network: 'sepolia', traces: 'all' } as EngineRequest);

const results = new Map<string, ContractRunResult>();
const resultOf = async (key: string, version: SuiteSource[], proof: SuiteSource) => {
  const known = results.get(key);
  if (known) return known;
  const result = await runProof(version, proof);
  results.set(key, result);
  return result;
};
const fingerprint = (versionId: string, proof: SuiteSource, result: ContractRunResult) =>
  proofFingerprint({ versionId, targets, proofFile: proof.name, result });

describe('a version’s files and targets', () => {
  it('keeps one unnamed file under its contract’s name, and names the contracts a proof attacks', () => {
    expect(v1.map((s) => s.name)).toEqual(['Vault.sol']);
    expect(versionSources([{ name: 'src/Vault.sol', content: buggyVault }]).map((s) => s.name)).toEqual(['src/Vault.sol']);
    expect(targets).toEqual(['Vault']);
    const mixed = targetContracts([
      {
        name: 'src/A.sol',
        content: '// contract Fake {}\ninterface IA { }\nlibrary Lib { }\nabstract contract Base { }\ncontract A is Base { string s = "contract Nope {"; }',
      },
      { name: 'test/A.t.sol', content: 'contract ATest is Test { }' },
      { name: 'src/Helper.sol', content: 'contract Handler is Test, Other { }' },
    ]);
    expect(mixed).toEqual(['A', 'Base', 'Lib']);
  });
});

describe('the verdict and the fingerprint, on the real engine', () => {
  it('a proof that drains the buggy vault reproduces; its fingerprint is the calls into the vault, the loop collapsed', SLOW, async () => {
    const result = await resultOf('drain@1', v1, drainProof);
    expect(proofVerdict(result, drainProof.name, 1)).toEqual({
      verdict: 'reproduces',
      why: 'testAttackerDrainsTheVault passed against version 1: the exploit held.',
    });
    const trace = result.functions[0]?.test?.trace ?? [];
    // The trace re-enters withdraw() four times; the path says it once, without the attacker's frames.
    expect(trace.filter((f) => f.contract === 'Vault' && f.function === 'withdraw()').length).toBe(4);
    expect(fingerprintBasis({ targets, proofFile: drainProof.name, result })).toEqual({
      ending: 'exploit held',
      paths: ['Vault.deposit() > Vault.withdraw()'],
    });
    expect(fingerprint('v1', drainProof, result)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the same proof against the fixed version does not reproduce, and says why; it has no fingerprint', SLOW, async () => {
    const result = await resultOf('drain@2', v2, drainProof);
    expect(proofVerdict(result, drainProof.name, 2)).toEqual({
      verdict: 'does_not_reproduce',
      why: 'testAttackerDrainsTheVault failed against version 2: transfer failed.',
    });
    expect(fingerprint('v2', drainProof, result)).toBeNull();
  });

  it('a second hunter’s proof of the same bug, other names, other words, ten turns of the loop: the same fingerprint', SLOW, async () => {
    const first = await resultOf('drain@1', v1, drainProof);
    const second = await resultOf('same@1', v1, sameBugOtherWords);
    expect(proofVerdict(second, sameBugOtherWords.name, 1).verdict).toBe('reproduces');
    const trace = second.functions[0]?.test?.trace ?? [];
    expect(trace.filter((f) => f.contract === 'Vault' && f.function === 'withdraw()').length).toBeGreaterThan(4);
    expect(fingerprint('v1', sameBugOtherWords, second)).toBe(fingerprint('v1', drainProof, first));
    // The version is part of it: the same proof against another version is another finding.
    expect(fingerprint('v9', drainProof, first)).not.toBe(fingerprint('v1', drainProof, first));
  });

  it('a proof of a different bug on the same contract has another fingerprint', SLOW, async () => {
    const drain = await resultOf('drain@1', v1, drainProof);
    const sweep = await resultOf('sweep@1', v1, sweepProof);
    expect(proofVerdict(sweep, sweepProof.name, 1).verdict).toBe('reproduces');
    // `(…)` where the engine does not decode the argument's type (an address EDR labels), the signature where it does.
    expect(fingerprintBasis({ targets, proofFile: sweepProof.name, result: sweep })?.paths).toEqual([
      expect.stringMatching(/^Vault\.sweepFees\((address|…)\)$/),
    ]);
    expect(fingerprint('v1', sweepProof, sweep)).not.toBe(fingerprint('v1', drainProof, drain));
  });

  it('a broken invariant reproduces, its fingerprint from the calls that broke it, ending in "invariant broken"', SLOW, async () => {
    const result = await resultOf('invariant@1', v1, invariantProof);
    const judged = proofVerdict(result, invariantProof.name, 1);
    expect(judged.verdict).toBe('reproduces');
    expect(judged.why).toMatch(/^The invariant invariant_vaultHoldsTheDeposits broke after 1 call against version 1: assertion failed/);
    expect(fingerprintBasis({ targets, proofFile: invariantProof.name, result })).toEqual({
      ending: 'invariant broken',
      paths: ['Vault.deposit() > Vault.withdraw()'],
    });
    // The same calls, but a broken invariant is not an exploit that held.
    const drain = await resultOf('drain@1', v1, drainProof);
    expect(fingerprint('v1', invariantProof, result)).not.toBe(fingerprint('v1', drainProof, drain));
  });

  it('a proof that does not compile says the error and its place', SLOW, async () => {
    const result = await resultOf('broken@1', v1, brokenProof);
    const judged = proofVerdict(result, brokenProof.name, 1);
    expect(judged.verdict).toBe('does_not_compile');
    expect(judged.why).toMatch(/^It does not compile: Member "steal" not found .*\(test\/Broken\.t\.sol, line 9, column 9\)\.$/);
    expect(fingerprint('v1', brokenProof, result)).toBeNull();
  });

  it('a version’s check: compiled with its audit, or the first error with its file and line', SLOW, async () => {
    const audit = (sources: SuiteSource[]) => pool.run({ source: '', sources, testType: 'security_audit', network: 'sepolia' });
    const good = codeCheckOf(await audit(v1), v1);
    expect(good.status).toBe('compiled');
    expect(good.summary).toMatch(/^Compiled: 1 contract\. /);
    const bad = [{ name: 'Vault.sol', content: buggyVault.replace('fees = 0;', 'fees = ;') }];
    expect(codeCheckOf(await audit(bad), bad)).toEqual({
      status: 'does_not_compile',
      summary: expect.stringMatching(/^It does not compile: .*\(Vault\.sol, line \d+, column \d+\)\.$/),
    });
  });
});

describe('the fingerprint’s rules on a trace', () => {
  const frame = (depth: number, kind: string, contract: string, fn: string) => ({
    depth,
    kind,
    contract,
    function: fn,
    args: '',
    gas_used: 1,
    outcome: 'returned' as const,
    output: '',
  });
  it('leaves out reads, deployments, cheatcodes and the test’s and attacker’s frames; collapses repeats', () => {
    const path = targetPath(
      [
        frame(0, 'CALL', 'PoC', 'testX()'),
        frame(1, 'CREATE', 'Vault', 'constructor'),
        frame(1, 'CALL', 'vm', 'prank(address)'),
        frame(1, 'STATICCALL', 'Vault', 'balances(address)'),
        frame(1, 'CALL', 'Vault', 'withdraw()'),
        frame(2, 'CALL', 'PoC', 'receive()'),
        frame(3, 'CALL', 'Vault', 'withdraw()'),
        frame(1, 'CALL', 'Vault', 'deposit()'),
        frame(1, 'CALL', 'Vault', 'withdraw()'),
      ],
      new Set(['Vault']),
    );
    expect(path).toEqual(['Vault.withdraw()', 'Vault.deposit()', 'Vault.withdraw()']);
  });

  it('a run the engine could not run at all (rewards keeps `{}`) does not compile, and proves nothing', () => {
    expect(engineResultOf('{}')).toBeNull();
    expect(proofVerdict(engineResultOf('{}'), drainProof.name, 1)).toEqual({ verdict: 'does_not_compile', why: 'The engine could not run the proof.' });
    expect(codeCheckOf(null, v1)).toEqual({ status: 'does_not_compile', summary: 'The engine could not check this version.' });
  });
});
