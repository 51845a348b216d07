import type { RemoteName } from '@starforge/contracts/shared';
import type { RemoteWidgetsModule } from '@starforge/host';

export type WidgetsLoad = { status: 'loading' } | { status: 'ready'; module: RemoteWidgetsModule } | { status: 'failed'; error: unknown };

/** One remote's widgets as its slots see them. A new object at each change (for useSyncExternalStore). */
export interface RemoteWidgetsEntry {
  load: WidgetsLoad;
  /** Moves on at each retry: slot boundaries are keyed by it, so they mount afresh. */
  attempt: number;
}

/**
 * The dashboard's widget remotes: each downloaded once however many slots it fills (every slot
 * asks as the dashboard mounts, so the remotes load in parallel), one state per remote, and a
 * retry from any of its slots that forgets the remote and loads it again for all of them. An
 * answer from before a retry is dropped.
 */
export class RemoteWidgetsLoader {
  private readonly entries = new Map<RemoteName, RemoteWidgetsEntry>();
  private readonly started = new Set<RemoteName>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly load: (remote: RemoteName) => Promise<RemoteWidgetsModule>,
    private readonly reset: (remote: RemoteName) => void,
  ) {}

  get(remote: RemoteName): RemoteWidgetsEntry {
    let entry = this.entries.get(remote);
    if (!entry) {
      entry = { load: { status: 'loading' }, attempt: 0 };
      this.entries.set(remote, entry);
    }
    return entry;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts loading the remote's widgets unless that is done or under way. */
  start(remote: RemoteName): void {
    if (this.started.has(remote)) return;
    this.started.add(remote);
    const { attempt } = this.get(remote);
    this.load(remote).then(
      (module) => this.settle(remote, attempt, { status: 'ready', module }),
      (error: unknown) => this.settle(remote, attempt, { status: 'failed', error }),
    );
  }

  /**
   * A slot showing the remote mounted: start loading it, or, when an earlier visit found it
   * broken, try it once more (the first slot of a new visit retries; the others see it loading).
   */
  visit(remote: RemoteName): void {
    if (this.get(remote).load.status === 'failed') this.retry(remote);
    else this.start(remote);
  }

  /** Forgets the remote (as the screens' retry does) and loads its widgets afresh. */
  retry(remote: RemoteName): void {
    this.reset(remote);
    this.entries.set(remote, { load: { status: 'loading' }, attempt: this.get(remote).attempt + 1 });
    this.started.delete(remote);
    this.notify();
    this.start(remote);
  }

  private settle(remote: RemoteName, attempt: number, load: WidgetsLoad): void {
    const entry = this.get(remote);
    if (entry.attempt !== attempt) return;
    this.entries.set(remote, { ...entry, load });
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
