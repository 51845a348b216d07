import { existsSync, readFileSync } from 'node:fs';

/**
 * The last lines of `pnpm test` name what failed. A CI log is often read from its end only, and
 * the end is the last suite's output (the Debian PostgreSQL target), far below the journey or
 * test that failed; so the launcher ends with each failed or flaky test's name and first error line,
 * read from the JSON reports Playwright and vitest write beside their usual output.
 */

export const E2E_JSON_REPORT = 'test-reports/e2e.json';
export const VITEST_JSON_REPORT = 'test-reports/vitest.json';
export const DEBIAN_VITEST_JSON_REPORT = 'test-reports/vitest-debian-postgres.json';

interface PlaywrightResult {
  status: string;
  error?: { message?: string };
}
interface PlaywrightTest {
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  results: PlaywrightResult[];
}
interface PlaywrightSpec {
  title: string;
  file: string;
  line: number;
  tests: PlaywrightTest[];
}
interface PlaywrightSuite {
  title: string;
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}

const firstLine = (text: string | undefined): string =>
  (text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in error messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '')
    ?.slice(0, 300) ?? '';

/**
 * Each journey that failed (or passed only on a retry), as `file:line › title: first error line`,
 * and each error outside a journey (the product did not start, a global setup threw).
 */
export const playwrightFailures = (report: { suites?: PlaywrightSuite[]; errors?: { message?: string }[] }): string[] => {
  const lines: string[] = (report.errors ?? []).map((error) => `error: ${firstLine(error.message)}`);
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((r) => r.error)?.error?.message;
        const tag = test.status === 'flaky' ? 'flaky' : 'failed';
        lines.push(`${tag}: ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return lines;
};

interface VitestReport {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** Each vitest test that failed, and each test file that failed without a test to blame (an import error, a hook). */
export const vitestFailures = (report: VitestReport, root: string): string[] => {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`failed: ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`failed: ${name}: ${firstLine(file.message)}`);
  }
  return lines;
};

/** Reads a JSON report when there is one; a missing or broken report gives nothing to recap. */
export const readReport = <T>(path: string): T | undefined => {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
};
