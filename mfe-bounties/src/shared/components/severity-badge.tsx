import { type Severity, severityLabels, severityTone } from '@starforge/contracts/bounties';
import { Badge, type BadgeTone } from '@starforge/ui';

/** The spec's severity colours (contracts' severityTone) as the kit's pill tones. */
const toneOfColour: Record<(typeof severityTone)[Severity], BadgeTone> = { green: 'success', yellow: 'warning', orange: 'caution', red: 'danger' };

/** A bounty's severity as a pill: low green, medium yellow, high orange, critical red (spec section 9). */
export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span data-testid="bounty-severity" data-tone={severityTone[severity]}>
      <Badge tone={toneOfColour[severityTone[severity]]}>
        <span className="sf-visually-hidden">Severity: </span>
        {severityLabels[severity]}
      </Badge>
    </span>
  );
}
