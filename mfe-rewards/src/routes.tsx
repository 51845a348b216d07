import type { RemoteRoutesModule } from '@starforge/host';
import { BalancePage } from './screens/balance-page';
import { RewardsPage } from './screens/rewards-page';
import { TestRunPage } from './screens/test-run-page';
import { TestRunsPage } from './screens/test-runs-page';
import { WithdrawalPage } from './screens/withdrawal-page';
import { announceRewardsResults } from './shared/lib/announce-results';

announceRewardsResults();

// The screens travel in one route chunk: a visitor moves between them, and each split would add a
// round trip to its first visit.
export const pages: RemoteRoutesModule['pages'] = {
  '/rewards': RewardsPage,
  '/balance': BalancePage,
  '/withdrawal': WithdrawalPage,
  '/test-runs': TestRunsPage,
  '/test-runs/:id': TestRunPage,
};
