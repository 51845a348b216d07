import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';
import { CollectionPage } from './screens/collection-page';
import { nftLinks } from './screens/nav-links';
import { NftPage } from './screens/nft-page';
import { announceMints } from './shared/lib/announce-mints';

announceMints();

export const pages: RemoteRoutesModule['pages'] = {
  '/nfts': CollectionPage,
  '/nft/:id': NftPage,
  '/nft-creator': () => <ComingSoonPage title="NFT Creator" links={nftLinks} />,
};
