import { Link } from 'react-router-dom';
import { nftMessages } from '@starforge/contracts/nft';
import { Spinner, TopBar, LoadFailed } from '@starforge/ui';
import { useNfts } from '../features/collection/api/nfts';
import { NftCard } from '../features/collection/components/nft-card';
import { collectionLinks } from './nav-links';
import './screens.css';

/** /nfts (NFT Collection): the user's NFTs as cards, live; the empty state leads back to the dashboard. */
export function CollectionPage() {
  const { nfts, loading, failed, refetch } = useNfts();
  return (
    <>
      <TopBar links={collectionLinks} />
      <main className="sf-main nft-screen">
        <header className="nft-screen-header">
          <h1>NFT Collection</h1>
          <p className="sf-muted">The NFTs you own or created.</p>
        </header>
        {loading && nfts.length === 0 ? (
          <Spinner label="Loading your NFTs..." />
        ) : failed ? (
          <LoadFailed title={nftMessages.loadNftsFailed} onRetry={refetch} titleId="nfts-failed-title" className="nft-empty" />
        ) : nfts.length === 0 ? (
          <section className="sf-card nft-empty" aria-labelledby="nfts-empty-title">
            <h2 id="nfts-empty-title">{nftMessages.noNfts}</h2>
            <p className="sf-muted">Mint your first NFT with the wizard on the dashboard, or create one for the marketplace.</p>
            <Link to="/dashboard" className="sf-btn sf-btn-primary">
              {nftMessages.goToDashboard}
            </Link>
          </section>
        ) : (
          <ul className="sf-card-list nft-grid" aria-label="Your NFTs">
            {nfts.map((nft) => (
              <NftCard key={nft.id} nft={nft} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
