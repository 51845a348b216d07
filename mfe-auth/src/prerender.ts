import { writeScreenSnapshots } from '@starforge/host/prerender';
import { pages } from './routes';

// Run by the build after webpack with the dist folder (tooling/federation, prerender/): the
// gateway shows this snapshot of /auth in the shell's frame while this remote loads.
const distDir = process.argv[2];
if (!distDir) throw new Error('usage: prerender.ts <dist folder>');
await writeScreenSnapshots(distDir, pages, ['/auth']);
