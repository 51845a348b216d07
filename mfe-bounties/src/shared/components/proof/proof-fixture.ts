import { type CompletionProof, completionProofSchema } from '@starforge/contracts/bounties';

/**
 * A proof as the service sends it (parsed with the wire schema, so a shape it refuses fails the
 * tests): an exploit test that passed, a second one that failed with its trace, and an invariant
 * that held.
 */
export const proofOf = (verdict: CompletionProof['run']['verdict'], sameAs: string | null = null): CompletionProof =>
  completionProofSchema.parse({
    test: { name: 'Proof.t.sol', content: 'import "Vault.sol";\ncontract ProofTest {}\n' },
    same_finding_as_submitted_at: sameAs,
    run: {
      run_id: '9b0c8f0e-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
      version: 2,
      verdict,
      why: verdict === 'running' ? null : 'testDrain passed: the vault paid out 2 ether for a 1 ether deposit.',
      started_at: '2026-11-28T06:00:00.000Z',
      finished_at: verdict === 'running' ? null : '2026-11-28T06:00:04.000Z',
      result:
        verdict === 'running'
          ? null
          : {
              status: 'failed',
              summary: '1 of 3 tests passed',
              network: 'ethereum',
              test_type: 'smart_contract',
              contract_name: 'ProofTest',
              compiler: { version: '0.8.37', evm_version: 'prague' },
              deployment: null,
              functions: [
                {
                  name: 'testDrain',
                  signature: 'testDrain()',
                  outcome: 'passed',
                  gas_used: 81_234,
                  test: { kind: 'unit', contract: 'ProofTest', file: 'Proof.t.sol', duration_ms: 2, logs: [] },
                },
                {
                  name: 'testDrainTwice',
                  signature: 'testDrainTwice()',
                  outcome: 'failed',
                  gas_used: 40_000,
                  revert_reason: 'empty',
                  test: {
                    kind: 'unit',
                    contract: 'ProofTest',
                    file: 'Proof.t.sol',
                    duration_ms: 1,
                    logs: [],
                    trace: [
                      {
                        depth: 0,
                        kind: 'CALL',
                        contract: 'ProofTest',
                        function: 'testDrainTwice()',
                        args: '',
                        gas_used: 40_000,
                        outcome: 'reverted',
                        output: 'empty',
                      },
                      { depth: 1, kind: 'CALL', contract: 'Vault', function: 'withdraw()', args: '', gas_used: 9_000, outcome: 'reverted', output: 'empty' },
                    ],
                  },
                },
                {
                  name: 'invariantSolvent',
                  signature: 'invariantSolvent()',
                  outcome: 'passed',
                  gas_used: 0,
                  test: {
                    kind: 'invariant',
                    contract: 'ProofTest',
                    file: 'Proof.t.sol',
                    duration_ms: 300,
                    logs: [],
                    invariant: { runs: 256, depth: 15, calls: 3840, reverts: 0 },
                  },
                },
              ],
              errors: [],
              warnings: [],
              findings: [],
              total_gas: 121_234,
              duration_ms: 900,
              suite: {
                files: ['Vault.sol', 'Proof.t.sol'],
                tests_total: 3,
                tests_passed: 2,
                function_gas: [],
                deployments: [],
                compile_cached: false,
                compile_ms: 400,
              },
            },
    },
  });
