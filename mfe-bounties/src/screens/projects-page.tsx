import { useSearchParams } from 'react-router-dom';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { Pager, readPage, Spinner, TopBar, LoadFailed } from '@starforge/ui';
import { useProjects } from '../features/projects/api/projects';
import { ProjectCard } from '../features/projects/components/project-card';
import { ProjectForm } from '../features/projects/components/project-form';
import { projectsLinks } from './nav-links';
import { listSearch } from '../shared/lib/search-params';
import '../shared/components/bounties.css';

/** /projects (QA Testing Projects): Create Project, and every project, newest first, 24 a page (?page=). */
export function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const { answer, loading, failed, refetch } = useProjects(page);
  const onCreated = () => (page === 1 ? refetch() : setParams(new URLSearchParams()));
  const projects = answer?.projects ?? [];

  return (
    <>
      <TopBar links={projectsLinks} />
      <main className="sf-main bounties-screen">
        <header className="bounties-screen-header">
          <div>
            <h1>QA Testing Projects</h1>
            <p className="sf-muted">Projects whose smart contracts and dApps need testing; each collects its bug bounties.</p>
          </div>
        </header>
        <ProjectForm onCreated={onCreated} />
        {loading ? (
          <Spinner label="Loading projects..." />
        ) : failed || !answer ? (
          <LoadFailed title={bountiesMessages.loadProjectsFailed} onRetry={refetch} titleId="projects-failed-title" className="bounties-empty" />
        ) : projects.length === 0 ? (
          <section className="sf-card bounties-empty" aria-labelledby="projects-empty-title" data-testid="projects-empty">
            <h2 id="projects-empty-title">No Projects Yet</h2>
            <p className="sf-muted">
              {answer.total > 0 ? `There is no page ${page} of the projects.` : 'Create the first project to start collecting bug bounties.'}
            </p>
            {answer.total > 0 ? <Pager page={page} total={answer.total} pageSize={answer.page_size} searchOf={(to) => listSearch({}, to)} /> : null}
          </section>
        ) : (
          <>
            <ul className="sf-card-list bounties-grid" aria-label="Projects">
              {projects.map((project) => (
                <ProjectCard key={project.id} project={project} />
              ))}
            </ul>
            <Pager page={page} total={answer.total} pageSize={answer.page_size} searchOf={(to) => listSearch({}, to)} />
          </>
        )}
      </main>
    </>
  );
}
