import type { TopBarLink } from '@starforge/ui';

const dashboard: TopBarLink = { to: '/dashboard', label: 'Dashboard' };
const marketplace: TopBarLink = { to: '/marketplace', label: 'Marketplace' };
const cart: TopBarLink = { to: '/cart', label: 'Cart' };
const bounties: TopBarLink = { to: '/bounties', label: 'Bounties' };

/** /marketplace: the dashboard, the cart and the bounties (spec section 2). */
export const marketplaceLinks: TopBarLink[] = [dashboard, cart, bounties];

/** /cart: back to the marketplace instead of itself. */
export const cartLinks: TopBarLink[] = [dashboard, marketplace, bounties];

/** /payment: the marketplace and the cart the order came from. */
export const paymentLinks: TopBarLink[] = [dashboard, marketplace, cart];
