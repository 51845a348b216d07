import { TopBar } from '@starforge/ui';
import { NftCreator } from '../features/creator/components/nft-creator';
import { nftLinks } from './nav-links';
import './screens.css';

/** /nft-creator: design an NFT, see it previewed, and put it on the marketplace. */
export function CreatorPage() {
  return (
    <>
      <TopBar links={nftLinks} />
      <main className="sf-main nft-screen">
        <header className="nft-screen-header">
          <h1>NFT Creator</h1>
          <p className="sf-muted">Create an NFT and list it on the marketplace at your price.</p>
        </header>
        <NftCreator />
      </main>
    </>
  );
}
