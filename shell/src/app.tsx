import { Provider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { hostStore, Toaster } from '@starforge/host';
import { router } from './routing/router';

export function App() {
  return (
    <Provider store={hostStore}>
      <RouterProvider router={router} />
      <Toaster theme="dark" position="top-right" richColors closeButton />
    </Provider>
  );
}
