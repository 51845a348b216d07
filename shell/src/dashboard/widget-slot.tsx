import { useState } from 'react';
import { dashboardWidgetRemotes, type DashboardSlot, type RemoteName } from '@starforge/contracts/shared';
import { retryRemoteWidgets, useRemoteWidgets } from './remote-widgets-store';
import { SlotSkeleton } from './slot-skeleton';
import { WidgetErrorBoundary } from './widget-error-boundary';

function SlotContent({ remote, slot, label }: { remote: RemoteName; slot: DashboardSlot; label: string }) {
  const { load } = useRemoteWidgets(remote);
  if (load.status === 'failed') throw load.error; // the slot's boundary shows the retry
  if (load.status === 'loading') return <SlotSkeleton slot={slot} label={label} />;
  const Widget = load.module.widgets[slot];
  return Widget ? <Widget /> : null;
}

/**
 * One dashboard slot: the widget of the remote that fills it (dashboardWidgetRemotes), behind
 * its own error boundary. A slot nobody fills stays empty (and hidden). Retry: when the remote
 * failed to load, it is forgotten and reloaded for every slot it fills; when only this widget
 * threw, only this slot mounts afresh.
 */
export function WidgetSlot({ slot, label }: { slot: DashboardSlot; label: string }) {
  const remote = dashboardWidgetRemotes[slot];
  return (
    // A plain box: the widget (or its skeleton, or its error) is the named region, not twice.
    <div className="dashboard-slot" data-slot={slot}>
      {remote ? <FilledSlot remote={remote} slot={slot} label={label} /> : null}
    </div>
  );
}

function FilledSlot({ remote, slot, label }: { remote: RemoteName; slot: DashboardSlot; label: string }) {
  const { attempt, load } = useRemoteWidgets(remote, { visit: true });
  const [renders, setRenders] = useState(0);
  const retry = () => (load.status === 'failed' ? retryRemoteWidgets(remote) : setRenders((n) => n + 1));
  return (
    <WidgetErrorBoundary key={`${attempt}|${renders}`} slot={slot} label={label} onRetry={retry}>
      <SlotContent remote={remote} slot={slot} label={label} />
    </WidgetErrorBoundary>
  );
}
