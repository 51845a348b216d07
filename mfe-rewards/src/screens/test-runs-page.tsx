import { Link, useSearchParams } from 'react-router-dom';
import { Spinner, TopBar } from '@starforge/ui';
import { useTestRunsPage } from '../features/testing-engine/api/test-runs';
import { RunRow } from '../features/testing-engine/components/run-row';
import { formatCount } from '../shared/lib/format';
import { rewardsNavLinks } from './nav-links';
import '../features/testing-engine/components/testing-engine.css';
import './screens.css';

/** `?page=` as the API takes it (a whole number from 1); anything else is the first page. */
const pageOf = (raw: string | null): number => (raw && /^[1-9][0-9]{0,4}$/.test(raw) ? Number(raw) : 1);

/**
 * /test-runs: every run of the user's, newest first, a page at a time (the dashboard shows the
 * latest few and links here), live as runs start and finish.
 */
export function TestRunsPage() {
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const { page: answer, loading } = useTestRunsPage(page);
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.page_size)) : 1;
  return (
    <>
      <TopBar links={rewardsNavLinks} />
      <main className="sf-main rewards-screen">
        <header className="rewards-screen-header">
          <h1>Test runs</h1>
          <p className="sf-muted">
            {answer ? `${formatCount(answer.total)} runs in all, newest first.` : 'Your runs, newest first.'} Start one from the Testing Engine on the{' '}
            <Link to="/dashboard">dashboard</Link>.
          </p>
        </header>
        {!answer ? (
          loading ? (
            <Spinner label="Loading your runs" />
          ) : (
            <p>Your runs could not be read. Try again in a moment.</p>
          )
        ) : answer.test_runs.length === 0 ? (
          <p>{answer.total === 0 ? 'No test runs yet.' : 'There are no runs on this page.'}</p>
        ) : (
          <section className="sf-card rewards-history" aria-label={`Test runs, page ${page} of ${pages}`}>
            <ul className="rewards-history-list">
              {answer.test_runs.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </ul>
          </section>
        )}
        {answer && pages > 1 ? (
          <nav className="rewards-pages" aria-label="Pages of test runs">
            {page > 1 ? <Link to={`/test-runs?page=${page - 1}`}>Newer runs</Link> : <span />}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={`/test-runs?page=${page + 1}`}>Older runs</Link> : <span />}
          </nav>
        ) : null}
      </main>
    </>
  );
}
