// The worker thread's entry. The engine ships TypeScript like every workspace package, and a
// worker starts without its parent's loader under vitest, so it registers tsx's loader itself
// before it loads the TypeScript worker (under `tsx`, the loader is already there and this is a no-op).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
