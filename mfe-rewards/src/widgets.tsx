import type { RemoteWidgetsModule } from '@starforge/host';
import { DashboardStats } from './features/stats/components/dashboard-stats';
import { TestingEngine } from './features/testing-engine/components/testing-engine';
import { TokenPanel } from './features/tokens/components/token-panel';
import { announceRewardsResults } from './shared/lib/announce-results';

announceRewardsResults();

// The rewards domain's dashboard widgets; the shell mounts each in its slot (dashboard-slots.ts).
export const widgets: RemoteWidgetsModule['widgets'] = {
  'dashboard-stats': DashboardStats,
  'testing-engine': TestingEngine,
  'token-panel': TokenPanel,
};
