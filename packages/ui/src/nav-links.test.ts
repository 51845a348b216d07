import { describe, expect, it } from 'vitest';
import { navLink, navLinks } from './nav-links';

describe('navLinks', () => {
  it('words each link as the route table does, in the order given', () => {
    expect(navLinks('/dashboard', '/cart', '/bounties')).toEqual([
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/cart', label: 'Cart' },
      { to: '/bounties', label: 'Bounties' },
    ]);
  });

  it('takes a screen’s own words for a link where it gives them', () => {
    expect(navLink('/bounties', 'Bug Bounties')).toEqual({ to: '/bounties', label: 'Bug Bounties' });
  });
});
