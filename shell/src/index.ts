// The stylesheets index.html links (extracted to files at build): the first paint, the
// prerendered landing's too, is styled before any script runs.
import '@starforge/ui/styles.css';
import './pages/landing.css';
import './session/early-refresh';
import './federation/early-remotes-map';
import './dashboard/early-widgets';
import { nextTask, runInTasks } from './boot/next-task';

// The async boundary that lets federation negotiate shared singletons before React loads. Each
// import asks for its files (a script element per chunk, a negotiation per shared package) in a
// task of its own after this script's: React's DOM renderer first, the rest of the shell a task
// later, both in flight together. Done at once, with the federation runtime's start, they were
// one long task on a phone. bootstrap.ts then evaluates the parts a task at a time.
void nextTask().then(() =>
  runInTasks([
    // A failure here fails the bootstrap's own import of the same files, which reports it.
    () => void import('react-dom/client').catch(() => undefined),
    () => import('./bootstrap'),
  ]),
);
