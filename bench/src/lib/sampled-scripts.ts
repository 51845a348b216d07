/** What CDP's Profiler.stop returns, as far as it is read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { url: string } }[];
  /** µs, on the trace's clock. */
  startTime: number;
  samples: number[];
  /** µs between samples; the first is from startTime. */
  timeDeltas: number[];
}

const fileOf = (url: string): string => url.split('/').pop()?.split('?')[0] || url;

/**
 * The script whose own code the sampling profiler caught most often between `from` and `to` (trace
 * µs), or undefined when it caught none. A task that resumes awaited code (a microtask checkpoint,
 * a scheduler.yield continuation) has no script event in the trace, so Lighthouse files it under
 * "Unattributable"; the samples still say whose code ran.
 */
export const busiestScript = (profile: CpuProfile, from: number, to: number): string | undefined => {
  const urlOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame.url]));
  const samplesBy = new Map<string, number>();
  let at = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from || at > to) continue;
    const url = urlOf.get(id);
    if (!url?.startsWith('http')) continue; // the profiler's own (program), (idle), (garbage collector), natives
    samplesBy.set(url, (samplesBy.get(url) ?? 0) + 1);
  }
  const [busiest] = [...samplesBy].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!busiest) return undefined;
  // A remote's files are named alike (remoteEntry.js in each): say whose.
  const remote = /\/mfe\/([^/]+)\//.exec(busiest)?.[1];
  return remote ? `${remote}/${fileOf(busiest)}` : fileOf(busiest);
};
