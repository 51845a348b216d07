import { type Severity, severityTone } from '@starforge/contracts/bounties-constants';
import { Badge, type BadgeTone } from '@starforge/ui';

const badgeTone: Record<(typeof severityTone)[Severity], BadgeTone> = { green: 'success', yellow: 'warning', orange: 'caution', red: 'danger' };

export const severityLabels: Record<Severity, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

/** A bounty's severity as a pill: low green, medium yellow, high orange, critical red (spec section 9). */
export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span data-testid="bounty-severity" data-tone={severityTone[severity]}>
      <Badge tone={badgeTone[severityTone[severity]]}>{severityLabels[severity]}</Badge>
    </span>
  );
}
