import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';
import { BountiesPage } from './screens/bounties-page';
import { PricingPage } from './screens/pricing-page';
import { ProjectsPage } from './screens/projects-page';

// Placeholder screens inside the real layout until this domain ships them.
const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/projects', label: 'Projects' },
  { to: '/pricing', label: 'Pricing' },
];

// The screens travel in one route chunk (a user walks from the plans to the projects to the
// bounties); the Solana payment's code is its own chunk, fetched when its tab opens.
export const pages: RemoteRoutesModule['pages'] = {
  '/projects': ProjectsPage,
  '/bounties': BountiesPage,
  '/bug-bounties': () => <ComingSoonPage title="Open Bug Bounties" links={links} />,
  '/bounty/:id/complete': () => <ComingSoonPage title="Complete Bounty" links={links} />,
  '/bounty/:id/review': () => <ComingSoonPage title="Review Completion" links={links} />,
  '/pricing': PricingPage,
};
