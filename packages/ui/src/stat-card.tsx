import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A line under the value ('of 6 unlocked'). */
  hint?: ReactNode;
  /** Makes the whole card a link ('Cash Balance' goes to /balance). */
  to?: string;
  /** Marks the value as not yet known (shown dimmed, announced as busy). */
  loading?: boolean;
  id?: string;
}

/** A figure with its label, as the dashboard and the rewards screens show them; a link when given `to`. */
export function StatCard({ label, value, hint, to, loading = false, id }: StatCardProps) {
  const body = (
    <>
      <span className="sf-stat-label">{label}</span>
      <span className="sf-stat-value" aria-busy={loading || undefined}>
        {value}
      </span>
      {hint ? <span className="sf-stat-hint">{hint}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="sf-card sf-stat sf-stat-link" id={id}>
      {body}
    </Link>
  ) : (
    <div className="sf-card sf-stat" id={id}>
      {body}
    </div>
  );
}
