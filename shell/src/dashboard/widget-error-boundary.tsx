import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { DashboardSlot } from '@starforge/contracts/shared';

interface Props {
  slot: DashboardSlot;
  /** What the slot shows, for the message ('Testing Engine is unavailable right now'). */
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * One dashboard widget's boundary: a widget whose remote fails to load, or that throws while
 * rendering, becomes a small card with a retry; the rest of the dashboard keeps working.
 */
export class WidgetErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[dashboard widget ${this.props.slot}] failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="sf-card dashboard-widget-error" role="alert" data-widget-error={this.props.slot}>
        <p>
          <strong>{this.props.label} is unavailable right now.</strong> <span className="sf-muted">The rest of your dashboard keeps working.</span>
        </p>
        <button type="button" className="sf-btn sf-btn-secondary" onClick={this.props.onRetry}>
          Try again
        </button>
      </div>
    );
  }
}
