import { Link, useSearchParams } from 'react-router-dom';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { Pager, readPage, Spinner, TopBar, LoadFailed } from '@starforge/ui';
import { useBounties } from '../features/bounty-board/api/bounties';
import { BountyCard } from '../features/bounty-board/components/bounty-card';
import { BountyForm } from '../features/bounty-board/components/bounty-form';
import { PlanBadge } from '../features/bounty-board/components/plan-badge';
import { useSubscription } from '../shared/api/subscription';
import { bountiesLinks } from './nav-links';
import { listSearch, readProject } from '../shared/lib/search-params';
import '../shared/components/bounties.css';
import '../features/bounty-board/components/bounty-board.css';

/**
 * /bounties (Bug Bounties): the caller's plan, the create form (Pro only), and every bounty,
 * newest first, 24 a page, live; ?project= shows one project's bounties and preselects it in the form.
 */
export function BountiesPage() {
  const [params] = useSearchParams();
  const project = readProject(params);
  const page = readPage(params);
  const { subscription, isPro, loading: planLoading } = useSubscription();
  const { answer, stale, loading, failed, refetch } = useBounties({ project, page });
  const bounties = answer?.bounties ?? [];
  const searchOf = (to: number) => listSearch({ project }, to);

  return (
    <>
      <TopBar links={bountiesLinks} />
      <main className="sf-main bounties-screen">
        <header className="bounties-screen-header">
          <div>
            <h1>Bug Bounties</h1>
            <p className="sf-muted">Funded rewards for the bugs found in your projects.</p>
          </div>
          <PlanBadge subscription={subscription} />
        </header>
        <BountyForm key={project ?? 'all'} isPro={planLoading || !subscription ? undefined : isPro} projectId={project} />
        {project ? (
          <div className="bounties-filter" data-testid="bounties-filter">
            <p>
              Showing the bounties of <strong>{bounties[0]?.project_name ?? 'this project'}</strong>
            </p>
            <Link to="/bounties" className="sf-link">
              Show every bounty
            </Link>
          </div>
        ) : null}
        {loading ? (
          <Spinner label="Loading bug bounties..." />
        ) : failed || !answer ? (
          <LoadFailed title={bountiesMessages.loadBountiesFailed} onRetry={refetch} titleId="bounties-failed-title" className="bounties-empty" />
        ) : bounties.length === 0 && !stale ? (
          <section className="sf-card bounties-empty" aria-labelledby="bounties-empty-title" data-testid="bounties-empty">
            <h2 id="bounties-empty-title">No Bug Bounties Yet</h2>
            <p className="sf-muted">
              {answer.total > 0
                ? `There is no page ${page} of these bounties.`
                : project
                  ? 'This project has no bounties yet.'
                  : 'No bug bounties have been posted yet.'}
            </p>
            {answer.total > 0 ? <Pager page={page} total={answer.total} pageSize={answer.page_size} searchOf={searchOf} /> : null}
          </section>
        ) : (
          <>
            <ul className="sf-card-list bounties-grid" aria-label="Bug bounties" aria-busy={stale || undefined}>
              {bounties.map((bounty) => (
                <BountyCard key={bounty.id} bounty={bounty} onChanged={refetch} />
              ))}
            </ul>
            <Pager page={page} total={answer.total} pageSize={answer.page_size} searchOf={searchOf} />
          </>
        )}
      </main>
    </>
  );
}
