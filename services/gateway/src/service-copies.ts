import { Pool } from 'undici';

/** One copy of a service: its keep-alive connections and whether it takes new requests. */
export interface ServiceCopy {
  readonly url: string;
  readonly pool: Pool;
  ready: boolean;
}

export interface ServiceCopiesOptions {
  /** How often each copy's `/ready` is asked (default 250 ms; a draining copy serves 1 s more). */
  probeEveryMs?: number;
}

/**
 * The copies of one service behind the gateway, and which of them take new requests. Requests go
 * round-robin over the ready copies. A copy is unready from the moment one of its connections is
 * refused (it died: `markDown`, at once) or its `/ready` answers anything but 200 (it drains on
 * SIGTERM), and ready again when `/ready` answers 200 (the supervisor restarted it). When no copy
 * is ready the gateway still tries them, so a request gets the service's own answer rather than
 * a guess.
 */
export class ServiceCopies {
  readonly copies: readonly ServiceCopy[];
  private next = 0;
  private readonly timer: NodeJS.Timeout | undefined;
  private closed: Promise<void> | undefined;

  constructor(service: string, urls: readonly string[], { probeEveryMs = 250 }: ServiceCopiesOptions = {}) {
    // No body timeout: an event stream stays open for as long as the tab does.
    this.copies = urls.map((url) => ({ url, pool: new Pool(url, { keepAliveTimeout: 4_000, headersTimeout: 60_000, bodyTimeout: 0 }), ready: true }));
    // One copy has nowhere else to send requests: nothing to probe.
    if (this.copies.length > 1) {
      const readyPath = `/api/${service}/ready`;
      this.timer = setInterval(() => {
        for (const copy of this.copies) void this.probe(copy, readyPath);
      }, probeEveryMs);
      this.timer.unref();
    }
  }

  /** The copy for the next request, skipping those in `tried`; null when every copy was tried. */
  pick(tried: ReadonlySet<ServiceCopy> = new Set()): ServiceCopy | null {
    const candidates = this.copies.filter((copy) => !tried.has(copy));
    if (candidates.length === 0) return null;
    const ready = candidates.filter((copy) => copy.ready);
    const from = ready.length > 0 ? ready : candidates;
    this.next = (this.next + 1) % from.length;
    return from[this.next] ?? null;
  }

  /** The copy refused a connection: no new requests until its `/ready` answers again. */
  markDown(copy: ServiceCopy): void {
    if (this.copies.length > 1) copy.ready = false;
  }

  private readonly probing = new Set<ServiceCopy>();

  private async probe(copy: ServiceCopy, path: string): Promise<void> {
    // A copy slower to answer than the probe interval gets one probe at a time.
    if (this.probing.has(copy)) return;
    this.probing.add(copy);
    try {
      const { statusCode, body } = await copy.pool.request({ path, method: 'GET', headersTimeout: 2_000, bodyTimeout: 2_000 });
      await body.dump();
      if (this.closed === undefined) copy.ready = statusCode === 200;
    } catch {
      if (this.closed === undefined) copy.ready = false;
    } finally {
      this.probing.delete(copy);
    }
  }

  /** Stops probing and closes the connections; a second call (SIGINT, then SIGTERM) waits for the first. */
  close(): Promise<void> {
    clearInterval(this.timer);
    this.closed ??= Promise.all(this.copies.map((copy) => copy.pool.close())).then(() => undefined);
    return this.closed;
  }
}
