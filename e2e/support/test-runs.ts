import { expect } from '@playwright/test';
import { SAMPLE_CONTRACTS, SAMPLE_SUITES } from '@starforge/contracts/rewards';

interface ApiClient {
  postAs: (path: string, data: unknown) => Promise<{ status: number; body: unknown }>;
}

/** Starts a contract run through the API as the client's user: its id. */
const startContractRun = async (client: ApiClient, network: string, contract: unknown): Promise<string> => {
  const started = await client.postAs('/api/rewards/test-runs', { network, test_type: 'smart_contract', contract });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return (started.body as { id: string }).id;
};

/** Starts a run of the vault sample (one failing test) through the API as the client's user: its id. */
export const startSampleContractRun = (client: ApiClient): Promise<string> =>
  startContractRun(client, 'ethereum', { source: SAMPLE_CONTRACTS.find((s) => s.id === 'vault')?.source });

/** Starts a run of the Vault suite sample (its files as `sources`) through the API as the client's user: its id. */
export const startSampleSuiteRun = (client: ApiClient): Promise<string> =>
  startContractRun(client, 'sepolia', { sources: SAMPLE_SUITES.find((s) => s.id === 'vault-suite')?.sources });
