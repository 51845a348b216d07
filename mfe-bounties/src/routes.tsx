import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';

// Placeholder screens inside the real layout until this domain ships its features.
const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/projects', label: 'Projects' },
  { to: '/pricing', label: 'Pricing' },
];

export const pages: RemoteRoutesModule['pages'] = {
  '/projects': () => <ComingSoonPage title="QA Testing Projects" links={links} />,
  '/bounties': () => <ComingSoonPage title="Bug Bounties" links={links} />,
  '/bug-bounties': () => <ComingSoonPage title="Open Bug Bounties" links={links} />,
  '/bounty/:id/complete': () => <ComingSoonPage title="Complete Bounty" links={links} />,
  '/bounty/:id/review': () => <ComingSoonPage title="Review Completion" links={links} />,
  '/pricing': () => <ComingSoonPage title="Pricing" links={links} />,
};
