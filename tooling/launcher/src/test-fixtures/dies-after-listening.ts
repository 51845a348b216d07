// A test-only process that announces itself as listening and dies 100 ms later, every time.
console.log('[dies] listening on http://127.0.0.1:1');
setTimeout(() => process.exit(3), 100);
