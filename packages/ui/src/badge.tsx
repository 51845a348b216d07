import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'warning' | 'caution' | 'danger' | 'info' | 'neutral';

/** A small status pill: green success, yellow warning, orange caution, red danger, blue info. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`sf-pill sf-pill-${tone}`}>{children}</span>;
}
