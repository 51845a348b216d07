import type { TopBarLink } from '@starforge/ui';

const dashboard: TopBarLink = { to: '/dashboard', label: 'Dashboard' };
const marketplace: TopBarLink = { to: '/marketplace', label: 'Marketplace' };

/** /nfts: the dashboard and the marketplace (spec section 2). */
export const collectionLinks: TopBarLink[] = [dashboard, marketplace];

/** /nft/:id and /nft-creator: back to the collection as well. */
export const nftLinks: TopBarLink[] = [dashboard, { to: '/nfts', label: 'My NFTs' }, marketplace];
