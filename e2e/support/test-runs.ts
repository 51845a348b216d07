import { expect } from '@playwright/test';
import { SAMPLE_CONTRACTS, SAMPLE_SUITES } from '@starforge/contract-engine/samples';

/** Starts a run of the vault sample (one failing test) through the API as the client's user: its id. */
export const startSampleContractRun = async (client: {
  postAs: (path: string, data: unknown) => Promise<{ status: number; body: unknown }>;
}): Promise<string> => {
  const vault = SAMPLE_CONTRACTS.find((s) => s.id === 'vault');
  const started = await client.postAs('/api/rewards/test-runs', { network: 'ethereum', test_type: 'smart_contract', contract: { source: vault?.source } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return (started.body as { id: string }).id;
};

/** Starts a run of the Vault suite sample (its files as `sources`) through the API as the client's user: its id. */
export const startSampleSuiteRun = async (client: {
  postAs: (path: string, data: unknown) => Promise<{ status: number; body: unknown }>;
}): Promise<string> => {
  const suite = SAMPLE_SUITES.find((s) => s.id === 'vault-suite');
  const started = await client.postAs('/api/rewards/test-runs', { network: 'sepolia', test_type: 'smart_contract', contract: { sources: suite?.sources } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return (started.body as { id: string }).id;
};
