import { MARKETPLACE_SEARCH_MAX_LENGTH } from '@starforge/contracts/marketplace';
import { nftMessages } from '@starforge/contracts/nft';
import { PagedSearchList, TopBar, usePagedSearch } from '@starforge/ui';
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
  const { search, onSearch } = usePagedSearch(MARKETPLACE_SEARCH_MAX_LENGTH);
  const read = useListings(search);
  const { answer, stale } = read;
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
        <PagedSearchList
          search={search}
          onSearch={onSearch}
          box={{ label: 'Search NFTs', placeholder: 'Search by name, description or seller...', maxLength: MARKETPLACE_SEARCH_MAX_LENGTH }}
          read={read}
          items={listings}
          renderItem={(listing) => <ListingCard key={listing.listing_id} listing={listing} />}
          list={{ label: 'NFTs for sale', className: 'sf-card-list market-grid' }}
          loadingLabel="Loading NFTs for sale..."
          failed={{ title: nftMessages.loadNftsFailed, titleId: 'market-failed-title' }}
          empty={{
            title: nftMessages.noNfts,
            titleId: 'market-empty-title',
            testId: 'market-empty',
            none: search.q ? (
              <>
                <p className="sf-muted">Nothing for sale matches “{search.q}”. Try other words.</p>
                <button type="button" className="sf-btn sf-btn-secondary" onClick={() => onSearch('')}>
                  Show every NFT for sale
                </button>
              </>
            ) : (
              <p className="sf-muted">No NFTs are for sale right now. Create one and list it from the NFT Creator.</p>
            ),
          }}
          emptyClassName="market-empty"
          above={
            <p className="sf-muted market-showing" role="status" data-testid="market-showing">
              {showing}
            </p>
          }
        />
      </main>
    </>
  );
}
