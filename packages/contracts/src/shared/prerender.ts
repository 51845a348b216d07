import type { RemoteName } from './remotes';
import { routeTable, type RouteEntry } from './routes';

/**
 * Pages the build draws ahead of time, as a visitor without a session would first see them:
 * - the shell's own landing, prerendered and then hydrated (`landing.html`);
 * - a remote's screen, as a snapshot the gateway shows inside the shell's frame (`frame.html`)
 *   until the remote's code has loaded and React draws the real screen over it.
 */

/** On #root: the path whose markup the shell prerendered for hydration. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** On #root: the path whose remote snapshot the gateway put in the frame (replaced, not hydrated). */
export const SNAPSHOT_ATTRIBUTE = 'data-snapshot';
/** The shell's frame, as built: #root carries this attribute and the outlet marker below. */
export const FRAME_ROOT = '<div id="root" data-frame="">';
/** Where the shell's frame takes a screen (as React renders `<template data-sf-outlet="" />`). */
export const OUTLET_MARKER = '<template data-sf-outlet=""></template>';
/** The wrapper a snapshot sits in: laid out as if absent, and inert until the real screen replaces it. */
export const SNAPSHOT_CLASS = 'sf-snapshot';

/** What a remote's build writes for one of its screens (`dist/snapshots/<file>`). */
export interface ScreenSnapshot {
  path: string;
  html: string;
  /** The remote's stylesheets the screen needs, relative to its manifest. */
  stylesheets: string[];
}

export const snapshotFileName = (path: string): string => `${path.replace(/^\//, '').replaceAll('/', '_') || 'index'}.json`;

/** The routes a snapshot may stand for: a remote's fixed paths that a visitor without a session opens. */
const isSnapshotRoute = (route: RouteEntry): boolean => route.remote !== undefined && route.access !== 'private' && !route.path.includes(':');

export const snapshotRoute = (path: string): RouteEntry | undefined => routeTable.find((route) => route.path === path && isSnapshotRoute(route));

/** The screens a remote's build snapshots. */
export const snapshotRoutesOf = (remote: RemoteName): RouteEntry[] => routeTable.filter((route) => route.remote === remote && isSnapshotRoute(route));
