import { runOnSupportedNode } from '../workspace-node';

// A test-only command run the way start.ts runs: says which Node runs it, then exits with the code
// it is given, or waits for SIGTERM and says it got it.
await runOnSupportedNode();
process.on('SIGTERM', () => {
  console.log('got SIGTERM');
  process.exit(0);
});
console.log(JSON.stringify({ node: process.versions.node, execPath: process.execPath, pid: process.pid }));
if (process.argv[2] === 'exit') process.exit(Number(process.argv[3]));
setInterval(() => {}, 1_000);
