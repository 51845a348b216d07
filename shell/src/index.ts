// The stylesheets index.html links (extracted to files at build): the first paint, the
// prerendered landing's too, is styled before any script runs.
import '@starforge/ui/styles.css';
import './pages/landing.css';
import './session/early-refresh';
import './federation/early-remotes-map';
import './dashboard/early-widgets';
import { nextTask } from './boot/next-task';

// The async boundary that lets federation negotiate shared singletons before React loads, in a
// task after this script's own: the federation runtime's start and that negotiation would
// otherwise be one long task on a phone.
void nextTask().then(() => import('./bootstrap'));
