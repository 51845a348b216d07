import { Link, useNavigate } from 'react-router-dom';
import { authClient } from '@starforge/host';
import { shellText } from '@starforge/contracts';
import type { ReactNode } from 'react';

export interface TopBarLink {
  to: string;
  label: string;
}

/** The top bar most screens share: the logo home, sibling links and Sign Out. */
export function TopBar({ links = [], children }: { links?: TopBarLink[]; children?: ReactNode }) {
  const navigate = useNavigate();
  const signOut = async () => {
    await authClient.signOut('global');
    navigate('/auth', { replace: true });
  };
  return (
    <header className="sf-topbar">
      <Link to="/dashboard" className="sf-logo" aria-label="Starforge home">
        <span aria-hidden="true">✦</span> Starforge
      </Link>
      <nav aria-label="Main" className="sf-topbar-links">
        {links.map((l) => (
          <Link key={l.to} to={l.to} className="sf-link">
            {l.label}
          </Link>
        ))}
        {children}
        <button type="button" className="sf-btn sf-btn-ghost" onClick={() => void signOut()}>
          {shellText.signOut}
        </button>
      </nav>
    </header>
  );
}
