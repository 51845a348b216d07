import type { ComponentType } from 'react';
import type { DashboardSlot } from '@starforge/contracts/shared';

/**
 * What every remote's `./routes` module exports. The shell owns the router; for each route
 * pattern of the route table that a remote serves, it renders `pages[pattern]` inside its
 * layout, so `useParams`, `useNavigate` and `useSearchParams` work as usual in the page.
 */
export interface RemoteRoutesModule {
  pages: Record<string, ComponentType>;
}

/**
 * What a remote's `./widgets` module exports (a remote named in `dashboardWidgetRemotes`): a
 * component per dashboard slot it fills. The shell loads every widget remote in parallel and
 * mounts each widget in its slot behind its own error boundary with a retry. It is a module
 * apart from `./routes`, so the dashboard does not download the remote's screens.
 */
export interface RemoteWidgetsModule {
  widgets: Partial<Record<DashboardSlot, ComponentType>>;
}
