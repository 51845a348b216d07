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
      <Toaster theme="dark" position="top-right" richColors closeButton />
    </Provider>
  );
}
