import { useId } from 'react';
import type { CodeVersionSummary } from '@starforge/contracts/bounties';
import { formatWhen } from '@starforge/contracts/shared';
import { Badge } from '@starforge/ui';
import { checkBadges } from '../code-view';

/** The saved versions, newest first, each with the engine's check; the newest's check is announced when it lands. */
export function CodeVersions({ versions }: { versions: readonly CodeVersionSummary[] }) {
  const ids = useId();
  const newest = versions[0];
  return (
    <section aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Versions</h3>
      <p className="sf-visually-hidden" role="status" aria-live="polite">
        {newest ? `Version ${newest.version}: ${checkBadges[newest.check_status].label}${newest.check_summary ? ` ${newest.check_summary}` : ''}` : ''}
      </p>
      {versions.length === 0 ? (
        <p className="sf-muted">No version saved yet.</p>
      ) : (
        <ol className="bounty-code-versions" aria-label="Saved versions">
          {versions.map((v) => (
            <li key={v.id} data-testid="code-version" data-status={v.check_status}>
              <span className="bounty-code-version-head">
                <strong>Version {v.version}</strong>
                <Badge tone={checkBadges[v.check_status].tone}>{checkBadges[v.check_status].label}</Badge>
                <time className="sf-muted" dateTime={v.created_at}>
                  {formatWhen(v.created_at)}
                </time>
              </span>
              {v.check_summary ? <span className="bounty-code-summary">{v.check_summary}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
