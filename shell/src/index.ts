// The stylesheets index.html links (extracted to files at build): the first paint, the
// prerendered landing's too, is styled before any script runs.
import '@starforge/ui/styles.css';
import './pages/landing.css';
import './session/early-refresh';
import './federation/early-remotes-map';
import './dashboard/early-widgets';

import { nextTask } from './boot/next-task';

// The async boundary that lets federation negotiate shared singletons before React loads. Each
// step in a task of its own (a phone runs each for tens of milliseconds, the page is painted
// already): the federation runtime's sharing init, then React DOM's evaluation, then the app's.
void (async () => {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./bootstrap');
})();
