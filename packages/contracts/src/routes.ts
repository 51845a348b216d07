import type { RemoteName } from './remotes';

/**
 * The product's route table (spec section 2). `access` drives the shell's guards:
 * - `public`: anyone (pricing, 404);
 * - `guest`: anyone, but a signed-in visitor goes to /dashboard (landing, auth);
 * - `private`: a signed-out visitor goes to /auth.
 * `remote` names the federated remote that renders the route; absent means the shell does.
 */
export type RouteAccess = 'public' | 'guest' | 'private';
export interface RouteEntry {
  path: string;
  access: RouteAccess;
  remote?: RemoteName;
}

export const routeTable: readonly RouteEntry[] = [
  { path: '/', access: 'guest' },
  { path: '/auth', access: 'guest', remote: 'mfe_auth' },
  { path: '/dashboard', access: 'private' },
  { path: '/settings', access: 'private', remote: 'mfe_auth' },
  { path: '/nfts', access: 'private', remote: 'mfe_nft' },
  { path: '/nft/:id', access: 'private', remote: 'mfe_nft' },
  { path: '/nft-creator', access: 'private', remote: 'mfe_nft' },
  { path: '/rewards', access: 'private', remote: 'mfe_rewards' },
  { path: '/balance', access: 'private', remote: 'mfe_rewards' },
  { path: '/withdrawal', access: 'private', remote: 'mfe_rewards' },
  { path: '/test-runs', access: 'private', remote: 'mfe_rewards' },
  { path: '/test-runs/:id', access: 'private', remote: 'mfe_rewards' },
  { path: '/marketplace', access: 'private', remote: 'mfe_marketplace' },
  { path: '/cart', access: 'private', remote: 'mfe_marketplace' },
  { path: '/payment', access: 'private', remote: 'mfe_marketplace' },
  { path: '/projects', access: 'private', remote: 'mfe_bounties' },
  { path: '/bounties', access: 'private', remote: 'mfe_bounties' },
  { path: '/bug-bounties', access: 'private', remote: 'mfe_bounties' },
  { path: '/bounty/:id/complete', access: 'private', remote: 'mfe_bounties' },
  { path: '/bounty/:id/review', access: 'private', remote: 'mfe_bounties' },
  { path: '/pricing', access: 'public', remote: 'mfe_bounties' },
];
