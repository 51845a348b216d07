import { buildFrontends, frontendApps } from '@starforge/federation';
import { repoRoot } from './paths';

// `pnpm build`: a clean production build of all six frontends.
await buildFrontends(repoRoot, frontendApps);
