import { useId } from 'react';
import { type Severity, SEVERITIES } from '@starforge/contracts/bounties';
import type { ProjectFinding } from '@starforge/contracts/bounties';
import { formatDate } from '@starforge/contracts/shared';
import { SeverityBadge } from '../../../shared/components/severity-badge';
import type { useProjectFindings } from '../api/project-findings';
import { findingStateText } from '../code-view';

const isSeverity = (s: string): s is Severity => (SEVERITIES as readonly string[]).includes(s);

/**
 * Each approved proof on the project against its newest version, re-run after every save:
 * "fixed in version N", "still reproduces", or being checked; live, and announced.
 */
export function ProjectFindings({ answer, failed, refetch }: ReturnType<typeof useProjectFindings>) {
  const ids = useId();
  const findings = answer?.findings ?? [];
  return (
    <section aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Findings</h3>
      {failed ? (
        <p>
          The findings could not be read.{' '}
          <button type="button" className="sf-btn sf-btn-ghost" onClick={refetch}>
            Try again
          </button>
        </p>
      ) : !answer ? (
        <p className="sf-muted">Loading the findings...</p>
      ) : findings.length === 0 ? (
        <p className="sf-muted">No approved proof yet: a finding shows here once you approve a completion whose proof reproduces it.</p>
      ) : (
        <FindingsList findings={findings} />
      )}
    </section>
  );
}

/** The findings, each with where it stands; a change is announced. */
export function FindingsList({ findings }: { findings: readonly ProjectFinding[] }) {
  return (
    <ul className="bounty-code-findings" aria-live="polite">
      {findings.map((f) => (
        <li key={f.completion_id} data-testid="project-finding" data-state={f.state}>
          <span className="bounty-code-version-head">
            <strong>{f.bounty_title}</strong>
            {isSeverity(f.severity) ? <SeverityBadge severity={f.severity} /> : null}
          </span>
          <span className="sf-muted">
            Found in version {f.found_in_version}, approved <time dateTime={f.approved_at}>{formatDate(f.approved_at)}</time>
          </span>
          <span className={`bounty-finding-state is-${f.state}`} data-testid="finding-state">
            {findingStateText(f)}
          </span>
        </li>
      ))}
    </ul>
  );
}
