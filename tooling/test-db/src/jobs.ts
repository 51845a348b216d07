import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createJobs, type Jobs } from '@starforge/service-kit';

/**
 * Durable jobs on the test database in a pg-boss schema of their own,
 * `<domain>_t_<12 hex>_jobs`: call it once per test file (in `beforeAll`), so a file's workers
 * never take another file's jobs and its queues start empty, while files run in parallel. Not
 * started: register the service's workers and `await jobs.start()` to run them, `jobs.stop()` in
 * `afterAll`. `service` opens a named schema instead: `testJobs(domain, { service:
 * jobs.schema.replace(/_jobs$/, '') })` is the same queues again, as a restarted service finds them.
 */
export const testJobs = (domain: string, options: { service?: string; log?: (line: string) => void } = {}): Jobs =>
  createJobs({
    databaseUrl: inject('databaseUrl'),
    service: options.service ?? `${domain}_t_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    log: options.log ?? (() => {}),
  });
