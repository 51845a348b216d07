import { test as base, expect } from '@playwright/test';
import { installPhantom, type PhantomOptions } from './phantom';
import { TestWallet } from './test-wallet';

interface Fixtures {
  /** Call before the first navigation to give the page a Phantom-like wallet. */
  withPhantom: (options?: PhantomOptions) => Promise<TestWallet>;
  /** Errors thrown in the page; asserted empty after every test. */
  pageErrors: string[];
  /** Content-security-policy violations the page reported, on any screen; asserted empty after every test. */
  cspViolations: string[];
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
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('__e2eCspViolation', (report: string) => violations.push(report));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          // Playwright's trace recorder (trace: retain-on-failure) fetches a broken blob: image
          // from no script of the page (sourceFile empty) to snapshot it; the page's own code
          // always has a source file.
          if (event.blockedURI === 'blob' && !event.sourceFile) return;
          const report = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`;
          void (window as unknown as { __e2eCspViolation: (r: string) => Promise<void> }).__e2eCspViolation(report);
        });
      });
      await use(violations);
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
