import { navLinks } from '@starforge/ui';

/** The top bar of the rewards screens: the dashboard and the sibling screens. */
export const rewardsNavLinks = navLinks('/dashboard', '/rewards', '/balance', '/withdrawal');
