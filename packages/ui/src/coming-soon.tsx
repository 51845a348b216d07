import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSessionControls } from './session-controls';
import { GuestTopBar, TopBar, type TopBarLink } from './top-bar';

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

/** A whole placeholder screen inside the real layout: the top bar (when signed in) and the notice. */
export function ComingSoonPage({ title, links = [] }: { title: string; links?: TopBarLink[] }) {
  const { signedIn } = useSessionControls();
  return (
    <>
      {signedIn ? <TopBar links={links} /> : <GuestTopBar />}
      <main className="sf-main">
        <ComingSoon title={title}>
          <Link to={signedIn ? '/dashboard' : '/'} className="sf-btn sf-btn-primary">
            {signedIn ? 'Back to Dashboard' : 'Back to Home'}
          </Link>
        </ComingSoon>
      </main>
    </>
  );
}
