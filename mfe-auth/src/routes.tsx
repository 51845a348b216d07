import type { RemoteRoutesModule } from '@starforge/host';
import { ComingSoonPage } from '@starforge/ui';

// Placeholder screens inside the real layout until the auth domain ships its screens.
export const pages: RemoteRoutesModule['pages'] = {
  '/auth': () => <ComingSoonPage title="Sign In" />,
  '/settings': () => <ComingSoonPage title="Settings" links={[{ to: '/dashboard', label: 'Dashboard' }]} />,
};
