import { BOUNTY_SEARCH_MAX_LENGTH, bountiesMessages, showingOpenBounties } from '@starforge/contracts/bounties';
import { PagedSearchList, TopBar, usePagedSearch } from '@starforge/ui';
import { useOpenBounties } from '../features/open-bounties/api/open-bounties';
import { OpenBountyCard } from '../features/open-bounties/components/open-bounty-card';
import { openBountiesLinks } from './nav-links';

/**
 * /bug-bounties: the open bounties, newest first, 24 a page, searched by the server on title,
 * description and project; the search and the page live in the URL (?q=&page=). The page on
 * screen changes live as bounties are posted, claimed and closed.
 */
export function OpenBountiesPage() {
  const { search, onSearch } = usePagedSearch(BOUNTY_SEARCH_MAX_LENGTH);
  const read = useOpenBounties(search);
  const { answer, stale, failed, refetch } = read;

  return (
    <>
      <TopBar links={openBountiesLinks} />
      <main className="sf-main open-bounties-screen">
        <header>
          <h1>Open Bug Bounties</h1>
          <p className="sf-muted">Claim a bounty, find the bug, submit your proof and get paid when its creator approves.</p>
        </header>
        <PagedSearchList
          search={search}
          onSearch={onSearch}
          box={{ label: bountiesMessages.searchPlaceholder, placeholder: bountiesMessages.searchPlaceholder, maxLength: BOUNTY_SEARCH_MAX_LENGTH }}
          read={read}
          items={answer?.bounties ?? []}
          renderItem={(bounty) => <OpenBountyCard key={bounty.id} bounty={bounty} onChanged={refetch} />}
          list={{ label: 'Open bug bounties', className: 'sf-card-list bounty-grid' }}
          loadingLabel="Loading open bounties..."
          failed={{ title: bountiesMessages.loadBountiesFailed, titleId: 'open-bounties-failed' }}
          empty={{
            title: bountiesMessages.noOpenBountiesTitle,
            titleId: 'open-bounties-empty',
            testId: 'open-bounties-empty',
            none: <p className="sf-muted">{search.q ? bountiesMessages.noOpenBountiesSearching : bountiesMessages.noOpenBounties}</p>,
          }}
          emptyClassName="bounty-empty"
          below={
            <p className="sf-muted bounty-showing" role="status" data-testid="open-bounties-showing">
              {answer && !stale && !failed ? showingOpenBounties(answer.total) : ''}
            </p>
          }
        />
      </main>
    </>
  );
}
