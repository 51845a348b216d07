import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';

// Placeholder screens inside the real layout until this domain ships its features.
const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/balance', label: 'Balance' },
  { to: '/withdrawal', label: 'Withdraw' },
];

export const pages: RemoteRoutesModule['pages'] = {
  '/rewards': () => <ComingSoonPage title="Rewards & Achievements" links={links} />,
  '/balance': () => <ComingSoonPage title="Balance & Earnings" links={links} />,
  '/withdrawal': () => <ComingSoonPage title="Withdraw Funds" links={links} />,
};
