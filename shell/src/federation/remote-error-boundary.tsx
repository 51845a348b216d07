import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RemoteName } from '@starforge/contracts/shared';

interface Props {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or throws while rendering, and offers a retry. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.remote}] failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="sf-main">
        <section className="sf-card sf-error-panel" role="alert" data-remote-error={this.props.remote}>
          <h1>This part of Starforge is unavailable right now</h1>
          <p className="sf-muted">We couldn&apos;t load this screen. The rest of Starforge keeps working; please try again in a moment.</p>
          <div className="landing-actions">
            <button type="button" className="sf-btn sf-btn-primary" onClick={this.props.onRetry}>
              Try again
            </button>
            <Link to="/dashboard" className="sf-btn sf-btn-ghost">
              Go to Dashboard
            </Link>
          </div>
        </section>
      </main>
    );
  }
}
