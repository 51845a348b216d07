import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';
import { CompleteBountyPage } from './screens/complete-bounty-page';
import { OpenBountiesPage } from './screens/open-bounties-page';
import { ReviewBountyPage } from './screens/review-bounty-page';

// Placeholder screens inside the real layout until this domain ships its features.
const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/projects', label: 'Projects' },
  { to: '/pricing', label: 'Pricing' },
];

export const pages: RemoteRoutesModule['pages'] = {
  '/projects': () => <ComingSoonPage title="QA Testing Projects" links={links} />,
  '/bounties': () => <ComingSoonPage title="Bug Bounties" links={links} />,
  '/bug-bounties': OpenBountiesPage,
  '/bounty/:id/complete': CompleteBountyPage,
  '/bounty/:id/review': ReviewBountyPage,
  '/pricing': () => <ComingSoonPage title="Pricing" links={links} />,
};
