import { Link } from 'react-router-dom';
import { useUser } from '@starforge/host';
import { navLinks, TopBar } from '@starforge/ui';
import { WidgetSlot } from '../dashboard/widget-slot';
import './dashboard.css';

const links = navLinks('/nfts', '/pricing', '/settings');

const navigationCards = [
  { to: '/nft-creator', title: 'NFT Creator', text: 'Design and mint a new NFT.' },
  { to: '/bounties', title: 'Bug Bounties', text: 'Post, claim and complete bug bounties.' },
  { to: '/marketplace', title: 'Marketplace', text: 'Browse, buy and sell NFTs.' },
  { to: '/projects', title: 'Projects', text: 'Create and manage QA testing projects.' },
  { to: '/withdrawal', title: 'Withdraw Funds', text: 'Transfer your cash earnings to a Solana wallet.' },
  { to: '/rewards', title: 'Rewards', text: 'Convert points to cash and see your achievements.' },
];

/** The part of the e-mail before the at-sign, as the welcome line uses it. */
const welcomeName = (email: string | undefined): string => (email ? (email.split('@')[0] ?? email) : 'explorer');

/**
 * 'Welcome back, {name}!', the name and its '!' kept to about 25 characters and to the line: a
 * longer one (an e-mail's local part may have 64) ends in an ellipsis, whole in the heading's text
 * and in the title. The '!' stays inside the cut box, as a separate box would be read "name !".
 */
function WelcomeLine({ name }: { name: string }) {
  return (
    <h1 className="dashboard-welcome">
      Welcome back,{' '}
      <span className="dashboard-welcome-name" title={name}>
        {name}!
      </span>
    </h1>
  );
}

export function Dashboard() {
  const user = useUser();
  return (
    <>
      <TopBar links={links} />
      <main className="sf-main dashboard">
        <WelcomeLine name={welcomeName(user?.email)} />
        <p className="sf-muted">Your mission control for testing, minting and earning.</p>

        {/* The domains' widgets: each slot loads on its own, so the lines above and the cards below never wait for them. */}
        <WidgetSlot slot="dashboard-stats" label="Your stats" />

        <section aria-labelledby="dashboard-nav-title">
          <h2 id="dashboard-nav-title" className="sf-visually-hidden">
            Where to next
          </h2>
          <div className="sf-grid">
            {navigationCards.map((card) => (
              <Link key={card.to} to={card.to} className="sf-card dashboard-card">
                <h3>{card.title}</h3>
                <p className="sf-muted">{card.text}</p>
              </Link>
            ))}
          </div>
        </section>

        <WidgetSlot slot="nft-minting-wizard" label="Mint an NFT" />
        <WidgetSlot slot="testing-engine" label="Testing Engine" />
        <WidgetSlot slot="token-panel" label="Token-gated access" />
      </main>
    </>
  );
}
