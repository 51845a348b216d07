import { Link } from 'react-router-dom';
import type { Project } from '@starforge/contracts/bounties';
import { projectStatusTone, projectTypeLabels } from '@starforge/contracts/bounties';
import { formatDate } from '@starforge/contracts/shared';
import { formatCents } from '@starforge/contracts/shared';
import { Badge, type BadgeTone } from '@starforge/ui';
import { holdsCode } from '../code-view';
import { ProjectCode } from './project-code';

const badgeTone: Record<ReturnType<typeof projectStatusTone>, BadgeTone> = { green: 'success', blue: 'info', yellow: 'warning' };
const statusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1);

/** One project, coloured by its status (active green, completed blue, any other yellow), with the way to its bounties. */
export function ProjectCard({ project }: { project: Project }) {
  const tone = projectStatusTone(project.status);
  return (
    <li className={`sf-card bounties-card is-${tone}`} data-testid="project-card" data-tone={tone}>
      <div className="bounties-card-head">
        <h2>{project.name}</h2>
        <span data-testid="project-status">
          <Badge tone={badgeTone[tone]}>{statusLabel(project.status)}</Badge>
        </span>
      </div>
      {project.description ? <p className="bounties-card-description">{project.description}</p> : null}
      <dl className="bounties-facts">
        <dt>Type</dt>
        <dd data-testid="project-type">{projectTypeLabels[project.project_type]}</dd>
        <dt>Owner</dt>
        <dd data-testid="project-owner">{project.is_mine ? `${project.owner_name} (you)` : project.owner_name}</dd>
        <dt>Budget</dt>
        <dd data-testid="project-budget">{formatCents(project.budget_cents)}</dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={project.created_at}>{formatDate(project.created_at)}</time>
        </dd>
      </dl>
      <div className="bounties-card-actions">
        <Link to={`/bounties?project=${project.id}`} className="sf-btn sf-btn-secondary sf-btn-block">
          View Bug Bounties<span className="sf-visually-hidden"> of {project.name}</span>
        </Link>
        {holdsCode(project) ? <ProjectCode project={project} /> : null}
      </div>
    </li>
  );
}
