import './session/early-refresh';

// The async boundary that lets federation negotiate shared singletons before React loads.
import('./bootstrap');
