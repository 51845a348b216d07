import type { TopBarLink } from '@starforge/ui';

/** The top bar of the rewards screens: the dashboard and the sibling screens. */
export const rewardsNavLinks: TopBarLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/rewards', label: 'Rewards' },
  { to: '/balance', label: 'Balance' },
  { to: '/withdrawal', label: 'Withdraw' },
];
