/** The five federated remotes, by container name (a valid JS identifier). */
export const remoteNames = ['mfe_auth', 'mfe_nft', 'mfe_marketplace', 'mfe_bounties', 'mfe_rewards'] as const;
export type RemoteName = (typeof remoteNames)[number];

/**
 * The remotes map the gateway serves at `/remotes.json`: container name -> URL of the
 * remote's `mf-manifest.json`. Relative URLs are resolved against the page's origin.
 */
export type RemotesMap = Record<RemoteName, string>;

/** Where each remote's build is served by the gateway when nothing points it elsewhere. */
export const defaultRemoteEntry = (name: RemoteName): string => `/mfe/${name}/mf-manifest.json`;

/** Directory of each remote in the workspace, by container name. */
export const remoteDirs: Record<RemoteName, string> = {
  mfe_auth: 'mfe-auth',
  mfe_nft: 'mfe-nft',
  mfe_marketplace: 'mfe-marketplace',
  mfe_bounties: 'mfe-bounties',
  mfe_rewards: 'mfe-rewards',
};

/** Whether a parsed `/remotes.json` names a manifest for every remote (no zod: it runs on the first page load). */
export const isRemotesMap = (value: unknown): value is RemotesMap =>
  typeof value === 'object' && value !== null && remoteNames.every((name) => typeof (value as Record<string, unknown>)[name] === 'string');
