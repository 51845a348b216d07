import { buildFrontends, frontendApps } from '@starforge/federation';
import { compileServices } from './compile-services';
import { repoRoot } from './paths';

// `pnpm build`: a clean production build of all six frontends, the services and the gateway.
await buildFrontends(repoRoot, frontendApps);
await compileServices(console.log);
