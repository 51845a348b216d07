import { navLinks } from '@starforge/ui';

/** /nfts: the dashboard and the marketplace (spec section 2). */
export const collectionLinks = navLinks('/dashboard', '/marketplace');

/** /nft/:id and /nft-creator: back to the collection as well. */
export const nftLinks = navLinks('/dashboard', '/nfts', '/marketplace');
