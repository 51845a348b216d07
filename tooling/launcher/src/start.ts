import { runOnSupportedNode } from './workspace-node';

// `pnpm start`, and what a process manager or the end-to-end tests run: on the machine's older
// Node.js this starts the same command again on the workspace's Node 24 (workspace-node.ts); the
// launcher itself is imported only once the Node is right, so nothing of it runs on the old one.
await runOnSupportedNode();
await import('./launch');
