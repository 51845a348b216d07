import { type NavPath, routeTable } from '@starforge/contracts/shared';
import type { TopBarLink } from './top-bar';

const words = new Map(routeTable.flatMap(({ path, nav }) => (nav === undefined ? [] : [[path, nav] as const])));

/** The top bar's link to a route in the route table's words, or in `label` where a screen words it otherwise ('Bug Bounties'). */
export const navLink = (to: NavPath, label?: string): TopBarLink => ({ to, label: label ?? words.get(to) ?? to });

/** A top bar's links, in the route table's words: `navLinks('/dashboard', '/cart', '/bounties')`. */
export const navLinks = (...paths: NavPath[]): TopBarLink[] => paths.map((to) => navLink(to));
