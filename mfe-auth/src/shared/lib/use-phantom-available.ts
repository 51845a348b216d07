import { useEffect, useState } from 'react';
import { getPhantomProvider } from '@starforge/host';

/**
 * Whether a Phantom-compatible provider is in the page. Extensions usually inject before our
 * scripts run; the `load` re-check covers one that injects late.
 */
export const usePhantomAvailable = (): boolean => {
  const [available, setAvailable] = useState(() => getPhantomProvider() !== null);
  useEffect(() => {
    if (available) return;
    const check = () => setAvailable(getPhantomProvider() !== null);
    check();
    window.addEventListener('load', check);
    return () => window.removeEventListener('load', check);
  }, [available]);
  return available;
};
