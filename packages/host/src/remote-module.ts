import type { ComponentType } from 'react';

/**
 * What every remote's `./routes` module exports. The shell owns the router; for each route
 * pattern of the route table that a remote serves, it renders `pages[pattern]` inside its
 * layout, so `useParams`, `useNavigate` and `useSearchParams` work as usual in the page.
 */
export interface RemoteRoutesModule {
  pages: Record<string, ComponentType>;
}
