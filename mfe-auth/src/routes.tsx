import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteRoutesModule } from '@starforge/host';
import { FullPageSpinner } from '@starforge/ui';

// Declared once at module scope, so each screen is one stable component split into its own chunk.
const AuthScreen = lazy(() => import('./features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })));
const SettingsScreen = lazy(() => import('./features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })));

/** Each page carries its own Suspense boundary, so it does not depend on one in the shell. */
const withFallback = (Screen: LazyExoticComponent<ComponentType>): ComponentType => {
  function Page() {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    );
  }
  return Page;
};

const AuthPage = withFallback(AuthScreen);
const SettingsPage = withFallback(SettingsScreen);

export const pages: RemoteRoutesModule['pages'] = { '/auth': AuthPage, '/settings': SettingsPage };
