import type { RemoteRoutesModule } from '@starforge/host';
import { AuthPage } from './screens/auth-page';
import { SettingsPage } from './screens/settings-page';

// Both screens travel in this remote's one route chunk (about 10 KB gzip): splitting them
// further would add a second round trip, and a Suspense reveal delay, to every first visit.
export const pages: RemoteRoutesModule['pages'] = { '/auth': AuthPage, '/settings': SettingsPage };
