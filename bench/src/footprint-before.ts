/**
 * The footprint benchmark's figures before the services were compiled, kept to compare with: that
 * code is gone, so they cannot be measured again from this tree. Measured at a11fd55 (every service
 * and the gateway as TypeScript under tsx's loader, the launcher behind tsx's CLI), on Thu Nov 26
 * 20:01 UTC 2026, 2 × AMD EPYC, with 53 % of the CPU used by other work during the run.
 */
export const FOOTPRINT_BEFORE = {
  code: 'a11fd55 (services under tsx)',
  date: 'Thu Nov 26 20:01 UTC 2026',
  figures: { start: 8.2, nodeRss: 1320, nodeCount: 11, launcher: 119, gateway: 128, service: 128, allPss: 860, stop: 0.2 },
  /** Per process: RSS and PSS in MiB. */
  processes: {
    'npx (npm exec)': { rss: 137, pss: 94 },
    'sh -c (script shells)': { rss: 3, pss: 0 },
    pnpm: { rss: 102, pss: 60 },
    'tsx CLI (relays signals to the launcher)': { rss: 48, pss: 10 },
    launcher: { rss: 119, pss: 70 },
    'PostgreSQL (server and its workers)': { rss: 301, pss: 60 },
    'service: auth': { rss: 130, pss: 82 },
    'service: nft': { rss: 124, pss: 76 },
    'service: marketplace': { rss: 139, pss: 89 },
    'service: bounties': { rss: 136, pss: 88 },
    'service: rewards': { rss: 126, pss: 76 },
    'service: events': { rss: 124, pss: 75 },
    gateway: { rss: 128, pss: 80 },
  } as Record<string, { rss: number; pss: number }>,
};
