import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';

// Placeholder screens inside the real layout until this domain ships its features.
const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/cart', label: 'Cart' },
  { to: '/bounties', label: 'Bounties' },
];

export const pages: RemoteRoutesModule['pages'] = {
  '/marketplace': () => <ComingSoonPage title="Marketplace" links={links} />,
  '/cart': () => <ComingSoonPage title="Your Cart" links={links} />,
  '/payment': () => <ComingSoonPage title="Payment" links={links} />,
};
