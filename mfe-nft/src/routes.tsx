import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';
import { CollectionPage } from './screens/collection-page';
import { nftLinks } from './screens/nav-links';
import { announceMints } from './shared/lib/announce-mints';

announceMints();

export const pages: RemoteRoutesModule['pages'] = {
  '/nfts': CollectionPage,
  '/nft/:id': () => <ComingSoonPage title="NFT Details" links={nftLinks} />,
  '/nft-creator': () => <ComingSoonPage title="NFT Creator" links={nftLinks} />,
};
