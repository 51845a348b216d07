import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MARKETPLACE_SEARCH_MAX_LENGTH } from '@starforge/contracts/marketplace-constants';
import { nftMessages } from '@starforge/contracts/nft-constants';
import { Pager, readSearch, SearchBox, searchParamsOf, Spinner, TopBar, LoadFailed } from '@starforge/ui';
import { useListings } from '../features/search/api/listings';
import { ListingCard } from '../features/search/components/listing-card';
import { showingText } from '../features/search/pages';
import { marketplaceLinks } from './nav-links';
import './screens.css';

/**
 * /marketplace: the NFTs for sale, newest first, 24 a page, searched by the server; the search
 * and the page live in the URL (?q=&page=). The page on screen changes live as listings come and go.
 */
export function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params, MARKETPLACE_SEARCH_MAX_LENGTH);
  const { answer, stale, loading, failed, refetch } = useListings(search);
  const onSearch = useCallback((q: string) => setParams(searchParamsOf({ q, page: 1 })), [setParams]);
  const searchOf = (page: number) => `?${searchParamsOf({ q: search.q, page })}`;
  const listings = answer?.listings ?? [];
  const showing = answer && !stale ? showingText(answer.page, answer.page_size, listings.length, answer.total) : '';

  return (
    <>
      <TopBar links={marketplaceLinks} />
      <main className="sf-main market-screen">
        <header className="market-screen-header">
          <h1>Marketplace</h1>
          <p className="sf-muted">NFTs for sale by the Starforge community.</p>
        </header>
        <SearchBox
          query={search.q}
          onSearch={onSearch}
          label="Search NFTs"
          placeholder="Search by name, description or seller..."
          maxLength={MARKETPLACE_SEARCH_MAX_LENGTH}
        />
        <p className="sf-muted market-showing" role="status" data-testid="market-showing">
          {showing}
        </p>
        {loading ? (
          <Spinner label="Loading NFTs for sale..." />
        ) : failed ? (
          <LoadFailed title={nftMessages.loadNftsFailed} onRetry={refetch} titleId="market-failed-title" className="market-empty" />
        ) : answer && listings.length === 0 && !stale ? (
          <section className="sf-card market-empty" aria-labelledby="market-empty-title" data-testid="market-empty">
            <h2 id="market-empty-title">{nftMessages.noNfts}</h2>
            {answer.total > 0 ? (
              <>
                <p className="sf-muted">There is no page {search.page} of this search.</p>
                <Pager page={search.page} total={answer.total} pageSize={answer.page_size} searchOf={searchOf} />
              </>
            ) : search.q ? (
              <>
                <p className="sf-muted">Nothing for sale matches “{search.q}”. Try other words.</p>
                <button type="button" className="sf-btn sf-btn-secondary" onClick={() => onSearch('')}>
                  Show every NFT for sale
                </button>
              </>
            ) : (
              <p className="sf-muted">No NFTs are for sale right now. Create one and list it from the NFT Creator.</p>
            )}
          </section>
        ) : (
          <>
            <ul className="sf-card-list market-grid" aria-label="NFTs for sale" aria-busy={stale || undefined}>
              {listings.map((listing) => (
                <ListingCard key={listing.listing_id} listing={listing} />
              ))}
            </ul>
            {answer ? <Pager page={search.page} total={answer.total} pageSize={answer.page_size} searchOf={searchOf} /> : null}
          </>
        )}
      </main>
    </>
  );
}
