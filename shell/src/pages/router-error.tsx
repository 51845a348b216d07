import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { shellText } from '@starforge/contracts/shared';

/** The router's fallback page for an error no route caught. */
export function RouterError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  console.error(error);
  return (
    <main className="sf-main">
      <section className="sf-card sf-error-panel" role="alert">
        <h1>{shellText.routerError}</h1>
        {detail ? <p className="sf-muted">{detail}</p> : null}
        <a href="/" className="sf-btn sf-btn-primary">
          Return to Home
        </a>
      </section>
    </main>
  );
}
