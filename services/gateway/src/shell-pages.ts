import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { defaultRemoteEntry, remoteDirs, snapshotRoute } from '@starforge/contracts/shared';
import { hasSessionHint } from '@starforge/contracts/auth';
import type { GatewayConfig } from './env';
import type { HeaderPair } from './security-headers';
import { fileSource, ShellPage } from './shell-page';
import { snapshotSource } from './snapshot-page';

/**
 * Which page a shell route answers with. A visitor with the session hint always gets the plain
 * shell (index.html), which restores the session and sends a signed-in visitor on without
 * painting a guest screen first. Without it: `/` is the prerendered landing, and a remote's
 * public screen with a snapshot (e.g. /auth) is that snapshot in the shell's frame, when that
 * remote is served from here (a remote deployed elsewhere may differ from the build here).
 * Anything not built falls back to index.html.
 */
export class ShellPages {
  private readonly shellDist: string;
  private readonly index: ShellPage;
  private readonly landing: ShellPage;
  private readonly snapshots = new Map<string, ShellPage | null>();

  constructor(
    private readonly config: Pick<GatewayConfig, 'staticRoot' | 'remotes'>,
    private readonly security: readonly HeaderPair[],
    private readonly recheckMs?: number,
  ) {
    this.shellDist = join(config.staticRoot, 'shell', 'dist');
    this.index = new ShellPage(fileSource(join(this.shellDist, 'index.html')), security, this.options(false));
    this.landing = new ShellPage(fileSource(join(this.shellDist, 'landing.html')), security, this.options(true));
  }

  private options(prerendered: boolean) {
    return { ...(this.recheckMs === undefined ? {} : { recheckMs: this.recheckMs }), ...(prerendered ? { varyAlso: 'Cookie' } : {}) };
  }

  pageFor(req: IncomingMessage, path: string): ShellPage {
    if (hasSessionHint(req.headers.cookie ?? '')) return this.index;
    const prerendered = path === '/' || path === '/index.html' ? this.landing : this.snapshotPage(path);
    return prerendered?.available ? prerendered : this.index;
  }

  private snapshotPage(path: string): ShellPage | null {
    const known = this.snapshots.get(path);
    if (known !== undefined) return known;
    // Only the route table's fixed public paths get past here, so the map stays small.
    const remote = snapshotRoute(path)?.remote;
    if (!remote) return null;
    const page =
      this.config.remotes[remote] === defaultRemoteEntry(remote)
        ? new ShellPage(
            snapshotSource({
              shellDist: this.shellDist,
              remoteDist: join(this.config.staticRoot, remoteDirs[remote], 'dist'),
              remoteBase: `/mfe/${remote}/`,
              remote,
              path,
            }),
            this.security,
            this.options(true),
          )
        : null;
    this.snapshots.set(path, page);
    return page;
  }
}
