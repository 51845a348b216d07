import type { RemoteRoutesModule } from '@starforge/host';
import { BountiesPage } from './screens/bounties-page';
import { CompleteBountyPage } from './screens/complete-bounty-page';
import { OpenBountiesPage } from './screens/open-bounties-page';
import { PricingPage } from './screens/pricing-page';
import { ProjectsPage } from './screens/projects-page';
import { ReviewBountyPage } from './screens/review-bounty-page';

// The screens travel in one route chunk (a user walks from the plans to the projects to the
// bounties and their work); the Solana payment's code is its own chunk, fetched when its tab opens.
export const pages: RemoteRoutesModule['pages'] = {
  '/projects': ProjectsPage,
  '/bounties': BountiesPage,
  '/bug-bounties': OpenBountiesPage,
  '/bounty/:id/complete': CompleteBountyPage,
  '/bounty/:id/review': ReviewBountyPage,
  '/pricing': PricingPage,
};
