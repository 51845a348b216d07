/**
 * What the page shares as `react-router-dom`: the router's parts the apps use, and nothing else.
 *
 * A shared module cannot be tree-shaken (any remote may ask for any export), so sharing the
 * package itself put all of react-router into every first page load: 66 KB gzip, of which the
 * apps use half (data APIs, framework mode, server rendering and the rest go unused). This file
 * is shared in its place under the same key and version, still one copy in the page; webpack
 * shakes react-router behind it. A remote that needs another export adds it here;
 * `shared-react-router.test.ts` fails while any app imports a name this file does not export.
 */
export { RouterProvider } from 'react-router/dom';
export {
  Link,
  Navigate,
  Outlet,
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
