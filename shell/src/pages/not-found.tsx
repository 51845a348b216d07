import { Link } from 'react-router-dom';
import { shellText } from '@starforge/contracts/shared';

export function NotFound() {
  return (
    <main className="sf-main">
      <section className="sf-card sf-error-panel">
        <p className="sf-muted" aria-hidden="true">
          404
        </p>
        <h1>{shellText.notFound}</h1>
        <Link to="/" className="sf-btn sf-btn-primary">
          Return to Home
        </Link>
      </section>
    </main>
  );
}
