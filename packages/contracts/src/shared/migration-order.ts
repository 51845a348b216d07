import type { ServiceName } from './domains';

/**
 * The order services' schemas are migrated in: a schema that publishes functions or views
 * (events' publish function, rewards' `award_points`, nft's and marketplace's views) comes
 * before the schemas whose migrations use them. Every service appears exactly once.
 */
export const migrationOrder = ['events', 'auth', 'rewards', 'nft', 'marketplace', 'bounties'] as const satisfies readonly ServiceName[];

// Fails to compile when a service is added to `serviceNames` but not placed here.
type Missing = Exclude<ServiceName, (typeof migrationOrder)[number]>;
const everyServiceOrdered: [Missing] extends [never] ? true : Missing = true;
void everyServiceOrdered;
