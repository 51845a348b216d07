import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { snapshotRoutesOf, type RemoteName } from '@starforge/contracts/shared';
import type { RemoteRoutesModule } from '@starforge/host';
import { writeScreenSnapshots } from '@starforge/host/prerender';

// Usage (run by run-prerender.ts after a remote's build): snapshot-remote.ts <remote> <app dir> <dist dir>
// Snapshots every public, fixed-path screen the route table gives the remote (/auth, /pricing).
const [remote, appDir, distDir] = process.argv.slice(2) as [RemoteName, string, string];
const { pages } = (await import(pathToFileURL(join(appDir, 'src/routes.tsx')).href)) as RemoteRoutesModule;
await writeScreenSnapshots(
  distDir,
  pages,
  snapshotRoutesOf(remote).map((route) => route.path),
);
