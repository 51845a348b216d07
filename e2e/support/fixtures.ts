import { test as base, expect } from '@playwright/test';
import { installPhantom, type PhantomOptions } from './phantom';
import { TestWallet } from './test-wallet';

interface Fixtures {
  /** Call before the first navigation to give the page a Phantom-like wallet. */
  withPhantom: (options?: PhantomOptions) => Promise<TestWallet>;
  /** Errors thrown in the page; asserted empty after every test. */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  withPhantom: async ({ page }, use) => {
    await use(async (options) => {
      const wallet = new TestWallet();
      await installPhantom(page, wallet, options);
      return wallet;
    });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
