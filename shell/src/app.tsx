import { Provider } from 'jotai';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { hostStore, Toaster } from '@starforge/host';
import { ShellSessionControls } from './session/session-controls';

/** A browser router in the page, a memory router when the build prerenders a screen. */
type ShellRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: ShellRouter }) {
  return (
    <Provider store={hostStore}>
      <ShellSessionControls>
        <RouterProvider router={router} />
      </ShellSessionControls>
      {/* Below the top bar, so a toast never covers Sign Out or the links while it shows. */}
      <Toaster theme="dark" position="top-right" offset={{ top: 84, right: 24 }} mobileOffset={{ top: 132 }} richColors closeButton />
    </Provider>
  );
}
