import './session/early-refresh';
import './federation/early-remotes-map';
import './dashboard/early-widgets';

// The async boundary that lets federation negotiate shared singletons before React loads.
import('./bootstrap');
