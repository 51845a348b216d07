import type { Db } from '@starforge/service-kit';

/**
 * Whether the user is on the Pro plan now. Inside a transaction the Pro row is taken `for share`,
 * so a downgrade (an update of that row) waits until what the caller decided on it (a bounty
 * posted, say) commits. No row is Free: nothing to lock, and an upgrade racing the caller only
 * makes it answer Free a moment early.
 */
export const isPro = async (db: Db, userId: string): Promise<boolean> => {
  const rows = await db`
    select 1 from bounties.user_subscriptions
    where user_id = ${userId} and subscription_tier = 'pro' and is_active
    for share`;
  return rows.length > 0;
};
