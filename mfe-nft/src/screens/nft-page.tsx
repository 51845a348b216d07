import { useParams } from 'react-router-dom';
import { nftMessages } from '@starforge/contracts/nft';
import { useLeaveOnFailure } from '@starforge/host';
import { NftImage, Spinner, TopBar } from '@starforge/ui';
import { useListingChanged } from '../features/nft-details/api/listing';
import { useNft } from '../features/nft-details/api/nft';
import { NftFacts } from '../features/nft-details/components/nft-facts';
import { SaleHistory } from '../features/nft-details/components/sale-history';
import { SalePanel } from '../features/nft-details/components/sale-panel';
import { nftLinks } from './nav-links';
import './screens.css';

/**
 * /nft/:id: every fact of spec section 2, live (a pending NFT completes, a sale moves it), the
 * sale panel and the sale history. An id the server does not know (or that is no id) goes back
 * to /nfts with 'Failed to load NFT details'.
 */
export function NftPage() {
  const { id = '' } = useParams();
  const { nft, failed, refetch } = useNft(id);
  useLeaveOnFailure(failed, nftMessages.loadNftFailed, '/nfts');
  // A sale moves the NFT to its buyer: who owns it changes for everyone looking at it.
  useListingChanged(id, (status) => {
    if (status === 'sold') refetch();
  });

  return (
    <>
      <TopBar links={nftLinks} />
      <main className="sf-main nft-screen">
        {!nft ? (
          <Spinner label="Loading NFT details..." />
        ) : (
          <article className="nft-details" aria-labelledby="nft-name" data-status={nft.status}>
            <NftImage url={nft.image_url} name={nft.name} size="detail" className="nft-details-image" />
            <div className="nft-details-body">
              <header className="nft-screen-header">
                <h1 id="nft-name">{nft.name}</h1>
                {nft.description ? <p className="nft-description">{nft.description}</p> : null}
              </header>
              {nft.status === 'pending' ? (
                <p className="sf-card nft-pending" role="status">
                  This NFT is being minted; this page updates when it is done.
                </p>
              ) : null}
              <NftFacts nft={nft} />
              <SalePanel nft={nft} />
              <SaleHistory nftId={nft.id} />
            </div>
          </article>
        )}
      </main>
    </>
  );
}
