import type { Tier } from '@starforge/contracts/rewards';
import type { Db } from '@starforge/service-kit';
import { num } from './numbers';

/** A subscription_tiers row as postgres.js reads it (columns and the features' keys camelCased). */
export interface TierRow {
  id: string;
  name: string;
  requiredTokens: string | number;
  features: { maxTestsPerDay: number | null; sandboxAccess: boolean; prioritySupport: boolean; privateRpc?: boolean };
}

export const tierOf = (row: TierRow): Tier => ({
  id: row.id,
  name: row.name,
  required_tokens: num(row.requiredTokens),
  features: {
    max_tests_per_day: row.features.maxTestsPerDay,
    sandbox_access: row.features.sandboxAccess,
    priority_support: row.features.prioritySupport,
    ...(row.features.privateRpc === undefined ? {} : { private_rpc: row.features.privateRpc }),
  },
});

/** Every tier, ascending required_tokens. */
export const listTiers = async (db: Db): Promise<Tier[]> => {
  const rows = await db<TierRow[]>`select id, name, required_tokens, features from rewards.subscription_tiers order by required_tokens`;
  return rows.map(tierOf);
};
