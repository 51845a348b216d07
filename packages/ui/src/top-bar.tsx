import { Link, useNavigate } from 'react-router-dom';
import { shellText } from '@starforge/contracts/shared';
import type { ReactNode } from 'react';
import { useSessionControls } from './session-controls';

export interface TopBarLink {
  to: string;
  label: string;
}

interface TopBarProps {
  links?: TopBarLink[];
  children?: ReactNode;
  /** Sign Out's action; by default the one the shell gives (SessionControlsProvider). */
  onSignOut?: () => Promise<void>;
}

/** The top bar most screens share: the logo home, sibling links and Sign Out. */
export function TopBar({ links = [], children, onSignOut }: TopBarProps) {
  const navigate = useNavigate();
  const controls = useSessionControls();
  const signOut = async () => {
    await (onSignOut ?? controls.signOut)();
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

/** The top bar of a public screen for a visitor who is not signed in: the logo home and Sign In. */
export function GuestTopBar() {
  return (
    <header className="sf-topbar">
      <Link to="/" className="sf-logo">
        <span aria-hidden="true">✦</span> Starforge
      </Link>
      <Link to="/auth" className="sf-btn sf-btn-primary">
        {shellText.signIn}
      </Link>
    </header>
  );
}
