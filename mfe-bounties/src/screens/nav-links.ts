import type { TopBarLink } from '@starforge/ui';

const dashboard: TopBarLink = { to: '/dashboard', label: 'Dashboard' };
const bounties: TopBarLink = { to: '/bounties', label: 'Bug Bounties' };
const projects: TopBarLink = { to: '/projects', label: 'Projects' };
const pricing: TopBarLink = { to: '/pricing', label: 'Pricing' };

/** /bounties: the pricing, the dashboard and the projects (spec section 2). */
export const bountiesLinks: TopBarLink[] = [dashboard, projects, pricing];

/** /projects: the bounties its cards lead to, and the pricing. */
export const projectsLinks: TopBarLink[] = [dashboard, bounties, pricing];

/** /pricing, signed in: where a plan is used. */
export const pricingLinks: TopBarLink[] = [dashboard, bounties, projects];
