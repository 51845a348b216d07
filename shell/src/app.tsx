import { Provider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { hostStore, Toaster } from '@starforge/host';
import { router } from './routing/router';
import { ShellSessionControls } from './session/session-controls';

export function App() {
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
