import type { RemoteWidgetsModule } from '@starforge/host';

// The rewards widgets (stat cards, Testing Engine, token panel) are added here as they land.
export const widgets: RemoteWidgetsModule['widgets'] = {};
