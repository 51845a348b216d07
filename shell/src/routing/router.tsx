import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { routeTable } from '@starforge/contracts/shared';
import { AppLayout } from '../layout/app-layout';
import { Landing } from '../pages/landing';
import { Dashboard } from '../pages/dashboard';
import { NotFound } from '../pages/not-found';
import { RouterError } from '../pages/router-error';
import { RemotePage } from '../federation/remote-page';
import { Guard } from './guard';

const shellPages: Record<string, () => React.JSX.Element> = { '/': Landing, '/dashboard': Dashboard };

const routes: RouteObject[] = routeTable.map(({ path, access, remote }) => {
  const ShellPage = shellPages[path];
  const page = remote ? <RemotePage remote={remote} pattern={path} /> : ShellPage ? <ShellPage /> : <NotFound />;
  return { path, element: <Guard access={access}>{page}</Guard> };
});

/** The shell's route tree: the browser's router and the build's prerender both use it. */
export const shellRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouterError />,
    children: [...routes, { path: '*', element: <NotFound /> }],
  },
];

export const createShellRouter = () => createBrowserRouter(shellRoutes);
