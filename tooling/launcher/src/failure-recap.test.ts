import { describe, expect, it } from 'vitest';
import { playwrightFailures, vitestFailures } from './failure-recap';

describe('the recap of what failed', () => {
  it("names each failed or flaky journey with its place and its error's first line, and no journey that passed", () => {
    const report = {
      errors: [{ message: 'Error: Timed out waiting 600000ms from config.webServer.' }],
      suites: [
        {
          title: 'auth.spec.ts',
          specs: [{ title: 'signs in', file: 'auth.spec.ts', line: 3, tests: [{ status: 'expected' as const, results: [{ status: 'passed' }] }] }],
          suites: [
            {
              title: '/auth with e-mail',
              specs: [
                {
                  title: 'wrong password',
                  file: 'auth.spec.ts',
                  line: 69,
                  tests: [
                    {
                      status: 'unexpected' as const,
                      results: [{ status: 'failed', error: { message: '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: …' } }],
                    },
                  ],
                },
                {
                  title: 'a retried one',
                  file: 'auth.spec.ts',
                  line: 84,
                  tests: [{ status: 'flaky' as const, results: [{ status: 'failed', error: { message: 'Timeout 8000ms' } }, { status: 'passed' }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      'error: Error: Timed out waiting 600000ms from config.webServer.',
      'failed: auth.spec.ts:69 › /auth with e-mail › wrong password: Error: expect(locator).toBeVisible() failed',
      'flaky: auth.spec.ts:84 › /auth with e-mail › a retried one: Timeout 8000ms',
    ]);
  });

  it('names each failed vitest test, and a file that failed with no test to blame', () => {
    const report = {
      testResults: [
        { name: '/repo/a.test.ts', status: 'passed', assertionResults: [{ fullName: 'a works', status: 'passed' }] },
        {
          name: '/repo/b.test.ts',
          status: 'failed',
          assertionResults: [{ fullName: 'b adds', status: 'failed', failureMessages: ['AssertionError: expected 1 to be 2\n at …'] }],
        },
        { name: '/repo/c.test.ts', status: 'failed', message: 'Failed to load url ./missing', assertionResults: [] },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      'failed: b.test.ts › b adds: AssertionError: expected 1 to be 2',
      'failed: c.test.ts: Failed to load url ./missing',
    ]);
  });
});
