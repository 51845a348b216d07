import { Link } from 'react-router-dom';
import { settingsText } from '../settings-text';

export function QuickActions() {
  return (
    <section className="sf-card auth-settings-card" aria-labelledby="auth-actions-heading">
      <h2 id="auth-actions-heading">{settingsText.quickActionsHeading}</h2>
      <div className="auth-quick-actions">
        <Link to="/nfts" className="sf-btn sf-btn-ghost sf-btn-block">
          {settingsText.viewNfts}
        </Link>
        <Link to="/rewards" className="sf-btn sf-btn-ghost sf-btn-block">
          {settingsText.viewRewards}
        </Link>
      </div>
    </section>
  );
}
