import { navLinks } from '@starforge/ui';

/** /marketplace: the dashboard, the cart and the bounties (spec section 2). */
export const marketplaceLinks = navLinks('/dashboard', '/cart', '/bounties');

/** /cart: back to the marketplace instead of itself. */
export const cartLinks = navLinks('/dashboard', '/marketplace', '/bounties');

/** /payment: the marketplace and the cart the order came from. */
export const paymentLinks = navLinks('/dashboard', '/marketplace', '/cart');
