import { formatCount } from '../../shared/lib/format';

/**
 * Two figures are points (issue 26): the dashboard's "Points" is every point earned, as the
 * leaderboard counts it (converting to cash does not lower it); "Points Balance" on /rewards and
 * /balance is what is left to convert. Each card says which it is and names the other.
 */
export const lifetimePointsHint = (balance: number): string => `Earned in all · ${formatCount(balance)} left to spend`;
export const pointsBalanceHint = (lifetime: number): string => `Left to spend · ${formatCount(lifetime)} earned in all`;
