import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BOUNTY_SEARCH_MAX_LENGTH, bountiesMessages, showingOpenBounties } from '@starforge/contracts/bounties-constants';
import { Pager, readSearch, SearchBox, searchParamsOf, Spinner, TopBar, type TopBarLink, LoadFailed } from '@starforge/ui';
import { useOpenBounties } from '../features/open-bounties/api/open-bounties';
import { OpenBountyCard } from '../features/open-bounties/components/open-bounty-card';

/** Spec section 2: Dashboard, Marketplace, Projects (and Sign Out, the top bar's own). */
const links: TopBarLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/projects', label: 'Projects' },
];

/**
 * /bug-bounties: the open bounties, newest first, 24 a page, searched by the server on title,
 * description and project; the search and the page live in the URL (?q=&page=). The page on
 * screen changes live as bounties are posted, claimed and closed.
 */
export function OpenBountiesPage() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params, BOUNTY_SEARCH_MAX_LENGTH);
  const { answer, stale, loading, failed, refetch } = useOpenBounties(search);
  const onSearch = useCallback((q: string) => setParams(searchParamsOf({ q, page: 1 })), [setParams]);
  const searchOf = (page: number) => `?${searchParamsOf({ q: search.q, page })}`;
  const bounties = answer?.bounties ?? [];

  return (
    <>
      <TopBar links={links} />
      <main className="sf-main open-bounties-screen">
        <header>
          <h1>Open Bug Bounties</h1>
          <p className="sf-muted">Claim a bounty, find the bug, submit your proof and get paid when its creator approves.</p>
        </header>
        <SearchBox
          query={search.q}
          onSearch={onSearch}
          label={bountiesMessages.searchPlaceholder}
          placeholder={bountiesMessages.searchPlaceholder}
          maxLength={BOUNTY_SEARCH_MAX_LENGTH}
        />
        {loading ? (
          <Spinner label="Loading open bounties..." />
        ) : failed ? (
          <LoadFailed title={bountiesMessages.loadBountiesFailed} onRetry={refetch} titleId="open-bounties-failed" className="bounty-empty" />
        ) : answer && bounties.length === 0 && !stale ? (
          <section className="sf-card bounty-empty" aria-labelledby="open-bounties-empty" data-testid="open-bounties-empty">
            <h2 id="open-bounties-empty">{bountiesMessages.noOpenBountiesTitle}</h2>
            {answer.total > 0 ? (
              <>
                <p className="sf-muted">There is no page {search.page} of this search.</p>
                <Pager page={search.page} total={answer.total} pageSize={answer.page_size} searchOf={searchOf} />
              </>
            ) : (
              <p className="sf-muted">{search.q ? bountiesMessages.noOpenBountiesSearching : bountiesMessages.noOpenBounties}</p>
            )}
          </section>
        ) : (
          <>
            <ul className="sf-card-list bounty-grid" aria-label="Open bug bounties" aria-busy={stale || undefined}>
              {bounties.map((bounty) => (
                <OpenBountyCard key={bounty.id} bounty={bounty} onChanged={refetch} />
              ))}
            </ul>
            {answer ? <Pager page={search.page} total={answer.total} pageSize={answer.page_size} searchOf={searchOf} /> : null}
          </>
        )}
        <p className="sf-muted bounty-showing" role="status" data-testid="open-bounties-showing">
          {answer && !stale && !failed ? showingOpenBounties(answer.total) : ''}
        </p>
      </main>
    </>
  );
}
