import type { RemoteName } from './remotes';

/** The places on /dashboard where domains mount widgets, in page order. */
export const dashboardSlots = ['dashboard-stats', 'nft-minting-wizard', 'testing-engine', 'token-panel'] as const;
export type DashboardSlot = (typeof dashboardSlots)[number];

/**
 * Which remote fills each slot. A remote named here exposes `./widgets` (a RemoteWidgetsModule);
 * a slot nobody fills yet stays empty.
 */
export const dashboardWidgetRemotes: Partial<Record<DashboardSlot, RemoteName>> = {
  'dashboard-stats': 'mfe_rewards',
  'nft-minting-wizard': 'mfe_nft',
  'testing-engine': 'mfe_rewards',
  'token-panel': 'mfe_rewards',
};

/** The remotes that expose dashboard widgets, each once. */
export const widgetRemotes = (): RemoteName[] => [...new Set(Object.values(dashboardWidgetRemotes))];
