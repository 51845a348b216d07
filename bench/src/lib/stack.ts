import { ensureServicesCompiled } from '@starforge/launcher/compile-services';
import { ensureFrontendsBuilt, startStack, type RunningStack } from '@starforge/launcher/stack';
import { freePort } from '@starforge/launcher/ports';
import { fromRoot } from '@starforge/launcher/paths';

/**
 * Rate limits raised far above what a benchmark sends (names from services/auth/src/config/env.ts
 * and the kit's env.ts),
 * so the load test measures sign-in, not the limiter's 429s. The limiter still runs its SQL on
 * every attempt, as in production.
 */
export const benchServiceEnv: NodeJS.ProcessEnv = {
  AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000000',
  AUTH_RATE_LIMIT_PER_IP: '100000000',
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: '100000000',
  AUTH_RATE_LIMIT_NONCES_PER_IP: '100000000',
  // The kit's per-user write limit (packages/service-kit/src/env.ts): the rewards benchmark's
  // 50 clients on 10 accounts write far faster than a person; the bucket's SQL still runs.
  WRITE_RATE_LIMIT_BURST: '100000000',
  WRITE_RATE_LIMIT_PER_SECOND: '100000000',
};

export interface BenchStack {
  /** The gateway as the browser sees it (http://localhost:PORT). */
  url: string;
  /** The gateway on the IPv4 loopback address, for Node clients. */
  ipUrl: string;
  stack: RunningStack;
}

const stackLog = (line: string) => {
  // Service chatter is kept short; errors still show.
  if (/error|fail|exited|warn/i.test(line)) console.log(`  [stack] ${line}`);
};

/**
 * One stack for the benchmarks that need one, started on first use and stopped by `stop()`
 * (run.ts calls it in a finally block, and on SIGINT/SIGTERM).
 */
export class StackHolder {
  private starting: Promise<BenchStack> | undefined;
  private stopping = false;
  private frontendsChecked = false;

  /** The running stack; with `frontends`, the six builds are made current first (page timings need them). */
  async get(options: { frontends?: boolean } = {}): Promise<BenchStack> {
    if (options.frontends && !this.frontendsChecked) {
      // Builds only what is missing or stale; the gateway serves dist/ from disk, so this may follow the start.
      await ensureFrontendsBuilt((line) => console.log(`  ${line}`));
      this.frontendsChecked = true;
    }
    this.starting ??= (async () => {
      // The services as production runs them: compiled JavaScript, not TypeScript under tsx.
      await ensureServicesCompiled((line) => console.log(`  ${line}`));
      console.log('starting the stack (embedded PostgreSQL, five services, gateway)...');
      const port = await freePort();
      const started = Date.now();
      const stack = await startStack({
        port,
        dataDir: fromRoot('.data-bench/pg'),
        databaseName: 'starforge_bench',
        resetDatabase: true,
        serviceEnv: benchServiceEnv,
        log: stackLog,
      });
      console.log(`stack up at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      void stack.crashed.then((why) => {
        if (!this.stopping) console.error(`  [stack] ${why}`);
      });
      return { url: stack.url, ipUrl: `http://127.0.0.1:${port}`, stack };
    })();
    return this.starting;
  }

  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    if (!starting) return;
    const running = await starting.catch(() => undefined);
    if (running) {
      this.stopping = true;
      console.log('stopping the stack...');
      await running.stack.stop();
    }
  }
}
