import { Outlet } from 'react-router-dom';
import { Starfield } from '../starfield/starfield';

/** Every screen sits over the night sky. */
export function AppLayout() {
  return (
    <>
      <Starfield />
      <div className="sf-app">
        <Outlet />
      </div>
    </>
  );
}
