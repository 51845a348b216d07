import { navLink, navLinks } from '@starforge/ui';

/** Where the bounties' own screens name the bounty board by its title. */
const bugBounties = navLink('/bounties', 'Bug Bounties');

/** /bounties: the pricing, the dashboard and the projects (spec section 2). */
export const bountiesLinks = navLinks('/dashboard', '/projects', '/pricing');

/** /projects: the bounties its cards lead to, and the pricing. */
export const projectsLinks = [navLink('/dashboard'), bugBounties, navLink('/pricing')];

/** /pricing, signed in: where a plan is used. */
export const pricingLinks = [navLink('/dashboard'), bugBounties, navLink('/projects')];

/** /bug-bounties (spec section 2): Dashboard, Marketplace, Projects. */
export const openBountiesLinks = navLinks('/dashboard', '/marketplace', '/projects');

/** /bounty/:id/complete: the board, and the open bounties the claim came from. */
export const completeLinks = navLinks('/dashboard', '/bounties', '/bug-bounties');

/** /bounty/:id/review: the board, and the projects the bounty is posted on. */
export const reviewLinks = navLinks('/dashboard', '/bounties', '/projects');
