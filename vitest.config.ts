import { defineConfig } from 'vitest/config';

// One vitest run gathers every package's tests; end-to-end journeys live in e2e/ (Playwright).
export default defineConfig({
  test: {
    include: ['{packages,services,tooling,shell,mfe-*}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['tooling/test-db/src/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
