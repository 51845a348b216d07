import type { TraceFrame } from '@starforge/contracts/rewards';
import { traceFrameText, traceTree, type TraceNode } from './test-view';

function TraceBranch({ nodes }: { nodes: readonly TraceNode[] }) {
  return (
    <ol className="sf-trace-level">
      {nodes.map((node, i) => (
        <li key={i} className={node.frame.outcome === 'reverted' ? 'is-reverted' : undefined}>
          <code>{traceFrameText(node.frame)}</code>
          {node.children.length ? <TraceBranch nodes={node.children} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** A failing test's call trace as an indented tree: each call with its arguments, then its return or revert and gas. */
export function CallTrace({ frames, label }: { frames: readonly TraceFrame[]; label: string }) {
  return (
    <figure className="sf-trace">
      <figcaption>{label}</figcaption>
      <TraceBranch nodes={traceTree(frames)} />
    </figure>
  );
}
