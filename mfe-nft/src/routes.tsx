import type { RemoteRoutesModule } from '@starforge/host';
import { CollectionPage } from './screens/collection-page';
import { CreatorPage } from './screens/creator-page';
import { NftPage } from './screens/nft-page';
import { announceMints } from './shared/lib/announce-mints';

announceMints();

// The three screens travel in one route chunk: a visitor moves between the collection and an NFT.
export const pages: RemoteRoutesModule['pages'] = { '/nfts': CollectionPage, '/nft/:id': NftPage, '/nft-creator': CreatorPage };
