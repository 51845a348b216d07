import { useId, useState } from 'react';
import type { Project } from '@starforge/contracts/bounties';
import { LoadFailed, Spinner } from '@starforge/ui';
import { useProjectCode } from '../api/project-code';
import { useProjectFindings } from '../api/project-findings';
import { CodeEditor } from './code-editor';
import { CodeVersions } from './code-versions';
import { ProjectFindings } from './project-findings';
import './project-code.css';

/**
 * The creator's code under test of a contract project (issue 28), on its card behind "Code Under
 * Test": the sources in tabs, saved as a new version each time; the versions with the engine's
 * check of each; the approved findings re-checked against the newest version.
 */
export function ProjectCode({ project }: { project: Project }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="bounty-code" data-open={open}>
      <button type="button" className="sf-btn sf-btn-ghost sf-btn-block" aria-expanded={open} aria-controls={`${ids}-panel`} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide Code Under Test' : 'Code Under Test'}
        <span className="sf-visually-hidden"> of {project.name}</span>
      </button>
      {open ? (
        <section id={`${ids}-panel`} className="bounty-code-panel" aria-label={`Code under test of ${project.name}`} data-testid="project-code">
          <ProjectCodePanel projectId={project.id} />
        </section>
      ) : null}
    </div>
  );
}

function ProjectCodePanel({ projectId }: { projectId: string }) {
  const ids = useId();
  const { answer, loading, failed, refetch } = useProjectCode(projectId);
  const findings = useProjectFindings(projectId);
  // A save starts the re-check of every approved finding: read both again.
  const onSaved = () => {
    refetch();
    findings.refetch();
  };
  if (loading) return <Spinner label="Loading the project’s code..." />;
  if (failed || !answer)
    return <LoadFailed title="Failed to load the project’s code" onRetry={refetch} titleId={`${ids}-failed`} className="bounty-code-failed" />;
  return (
    <>
      <CodeEditor key={answer.latest?.id ?? 'none'} projectId={projectId} latest={answer.latest} onSaved={onSaved} />
      <CodeVersions versions={answer.versions} />
      <ProjectFindings {...findings} />
    </>
  );
}
