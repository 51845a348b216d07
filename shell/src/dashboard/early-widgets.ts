import { widgetRemotes } from '@starforge/contracts/shared';
import { preloadRemoteWidgetFiles } from '../federation/remotes';
import { earlyRefresh } from '../session/early-refresh';

/**
 * The earliest moment a restored session is known: the entry script's session check answered
 * 200, while the shell's own scripts are still loading. From then the widget remotes' manifests,
 * entries and `./widgets` chunks download in parallel with the shell (preloadWidgetsOnceSignedIn
 * does the same for a sign-in later in the page). A failure here is left to the dashboard's load,
 * which reports it in the widgets' slots.
 */
void Promise.resolve(earlyRefresh).then((response) => {
  if (!response?.ok) return;
  for (const remote of widgetRemotes()) preloadRemoteWidgetFiles(remote).catch(() => undefined);
});
