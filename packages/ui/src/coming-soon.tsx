import type { ReactNode } from 'react';

/** An honest placeholder for a screen whose domain has not shipped yet. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="sf-card sf-coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p className="sf-muted">This part of Starforge is coming soon.</p>
      {children}
    </section>
  );
}
