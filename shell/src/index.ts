// The stylesheets index.html links (extracted to files at build): the first paint, the
// prerendered landing's too, is styled before any script runs.
import '@starforge/ui/styles.css';
import './pages/landing.css';
import './session/early-refresh';
import './federation/early-remotes-map';
import './dashboard/early-widgets';

// The async boundary that lets federation negotiate shared singletons before React loads.
import('./bootstrap');
