import { Link } from 'react-router-dom';
import { shellText } from '@starforge/contracts/shared';
import { WalletControl } from '../wallet/wallet-control';
import { BoltIcon, RocketIcon, ShieldIcon } from './feature-icons';
import './landing.css';

const features = [
  { Icon: RocketIcon, title: 'Launch Tests', text: 'Deploy and test smart contracts across test networks in a few clicks.' },
  { Icon: ShieldIcon, title: 'Secure Testing', text: 'A safe testnet environment: break things without risking real funds.' },
  { Icon: BoltIcon, title: 'Instant Results', text: 'Real-time transaction monitoring as every test runs.' },
];

export function Landing() {
  return (
    <>
      <header className="sf-topbar">
        <Link to="/" className="sf-logo">
          <span aria-hidden="true">✦</span> Starforge
        </Link>
        <nav aria-label="Account" className="sf-topbar-links">
          <WalletControl />
          <Link to="/auth" className="sf-btn sf-btn-primary">
            {shellText.signIn}
          </Link>
        </nav>
      </header>
      <main className="sf-main landing">
        <section className="landing-hero" aria-labelledby="landing-title">
          <h1 id="landing-title" className="landing-title">
            {shellText.landingHeadline}
          </h1>
          <p className="landing-tagline">{shellText.landingTagline}</p>
          <p className="landing-subline sf-muted">{shellText.landingSubline}</p>
          <div className="landing-actions">
            <Link to="/auth" className="sf-btn sf-btn-hero">
              {shellText.startTesting}
            </Link>
            <WalletControl look="hero" />
          </div>
          <a href="#features" className="landing-arrow">
            <span className="sf-visually-hidden">See the features</span>
            <span aria-hidden="true">↓</span>
          </a>
        </section>
        <section id="features" className="sf-grid landing-features" aria-label="Features">
          {features.map((f) => (
            <article key={f.title} className="sf-card">
              <div className="landing-icon">
                <f.Icon />
              </div>
              <h2>{f.title}</h2>
              <p className="sf-muted">{f.text}</p>
            </article>
          ))}
        </section>
      </main>
    </>
  );
}
