import { useId } from 'react';
import type { Tier, TierFeatures } from '@starforge/contracts/rewards';
import { Badge } from '@starforge/ui';
import { formatCount } from '../../../shared/lib/format';
import { useTiers } from '../api/tiers';
import './tokens.css';

const featureList = (f: TierFeatures): string[] => [
  f.max_tests_per_day === null ? 'Unlimited tests a day' : `${formatCount(f.max_tests_per_day)} tests a day`,
  ...(f.sandbox_access ? ['Sandbox access'] : []),
  ...(f.priority_support ? ['Priority support'] : []),
  ...(f.private_rpc ? ['Private RPC'] : []),
];

/** The tiers and what each gives; the user's current tier is highlighted. */
export function TiersTable({ current }: { current: Pick<Tier, 'id' | 'name'> }) {
  const ids = useId();
  const { tiers, loading, failed } = useTiers();
  return (
    <section className="sf-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Tiers</h2>
      {tiers.length === 0 ? (
        <p className="sf-muted">{loading ? 'Loading tiers...' : failed ? 'Tiers could not be loaded right now.' : 'No tiers.'}</p>
      ) : (
        <table className="rewards-tiers">
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">Required FORGE</th>
              <th scope="col">Features</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => {
              const isCurrent = tier.id === current.id || (!current.id && tier.name === current.name);
              return (
                <tr key={tier.id} aria-current={isCurrent || undefined} data-tier={tier.name}>
                  <th scope="row">
                    {tier.name} {isCurrent ? <Badge tone="info">Current</Badge> : null}
                  </th>
                  <td>{formatCount(tier.required_tokens)}</td>
                  <td>
                    <ul>
                      {featureList(tier.features).map((f) => (
                        <li key={f}>{f}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
