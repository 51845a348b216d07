import { runInTasks } from './boot/next-task';

let shell: typeof import('./boot/start-shell') | undefined;

/**
 * The shell's code runs a part per task: React's DOM renderer, then the host (session, store,
 * toasts), then the shell's own modules, then its start (which takes more turns, start-shell.tsx).
 * Each import is "eager": its code came in this chunk's files, so nothing more is fetched; only
 * its evaluation waits for its turn. Evaluated in one go they made one task of some 25 ms on a
 * fast machine, four times that on a phone (Lighthouse counted it against main.js and whichever
 * chunk arrived last).
 */
void runInTasks([
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ '@starforge/host'),
  async () => {
    shell = await import(/* webpackMode: "eager" */ './boot/start-shell');
  },
  () => shell?.startShell(),
]);
