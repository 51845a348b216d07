import type { DashboardSlot } from '@starforge/contracts/shared';
import { Spinner, StatCard } from '@starforge/ui';

/** mfe-rewards' DashboardStats shows six stat cards. */
const STAT_CARDS = 6;
const blank = '\u00a0';

/**
 * What a slot shows while its remote loads: the widget's final size, so nothing below it moves
 * when the widget replaces it. The stats slot is a grid of six empty kit stat cards, which wraps
 * into the same rows as the real ones at every width; each other slot is one card whose height
 * at each width was measured from the real widget (dashboard.css).
 */
export function SlotSkeleton({ slot, label }: { slot: DashboardSlot; label: string }) {
  const status = <Spinner size="sm" label={`Loading ${label}...`} />;
  if (slot === 'dashboard-stats') {
    return (
      <div className="dashboard-skeleton" data-widget-loading={slot}>
        <span className="dashboard-skeleton-status">{status}</span>
        <div className="sf-stat-grid" aria-hidden="true">
          {Array.from({ length: STAT_CARDS }, (_, i) => (
            <StatCard key={i} label={blank} value={blank} />
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="sf-card dashboard-skeleton dashboard-skeleton-card" data-widget-loading={slot}>
      {status}
      <span className="sf-muted" aria-hidden="true">
        Loading {label}...
      </span>
    </div>
  );
}
