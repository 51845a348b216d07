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
  /** Its link's words in a screen's top bar (spec section 2); absent where no top bar links it. */
  nav?: string;
}

const routes = [
  { path: '/', access: 'guest' },
  { path: '/auth', access: 'guest', remote: 'mfe_auth' },
  { path: '/dashboard', access: 'private', nav: 'Dashboard' },
  { path: '/settings', access: 'private', remote: 'mfe_auth', nav: 'Settings' },
  { path: '/nfts', access: 'private', remote: 'mfe_nft', nav: 'My NFTs' },
  { path: '/nft/:id', access: 'private', remote: 'mfe_nft' },
  { path: '/nft-creator', access: 'private', remote: 'mfe_nft' },
  { path: '/rewards', access: 'private', remote: 'mfe_rewards', nav: 'Rewards' },
  { path: '/balance', access: 'private', remote: 'mfe_rewards', nav: 'Balance' },
  { path: '/withdrawal', access: 'private', remote: 'mfe_rewards', nav: 'Withdraw' },
  { path: '/test-runs', access: 'private', remote: 'mfe_rewards' },
  { path: '/test-runs/:id', access: 'private', remote: 'mfe_rewards' },
  { path: '/marketplace', access: 'private', remote: 'mfe_marketplace', nav: 'Marketplace' },
  { path: '/cart', access: 'private', remote: 'mfe_marketplace', nav: 'Cart' },
  { path: '/payment', access: 'private', remote: 'mfe_marketplace' },
  { path: '/projects', access: 'private', remote: 'mfe_bounties', nav: 'Projects' },
  { path: '/bounties', access: 'private', remote: 'mfe_bounties', nav: 'Bounties' },
  { path: '/bug-bounties', access: 'private', remote: 'mfe_bounties', nav: 'Open Bounties' },
  { path: '/bounty/:id/complete', access: 'private', remote: 'mfe_bounties' },
  { path: '/bounty/:id/review', access: 'private', remote: 'mfe_bounties' },
  { path: '/pricing', access: 'public', remote: 'mfe_bounties', nav: 'Pricing' },
] as const satisfies readonly RouteEntry[];

export const routeTable: readonly RouteEntry[] = routes;

/** A path of the table, so a link to a route it does not have fails the typecheck. */
export type RoutePath = (typeof routes)[number]['path'];

/** A path a top bar links to: one the table gives words (`nav`). */
export type NavPath = Extract<(typeof routes)[number], { nav: string }>['path'];
