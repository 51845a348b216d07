import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '@starforge/ui';
import type { SolanaPayProps } from './solana-pay-panel';

// @solana/web3.js (about 80 KiB gzipped) travels in this chunk only, fetched when the Solana tab first opens.
const loadSolanaPanel = () => import(/* webpackChunkName: "solana-pay" */ './solana-pay-panel');
type SolanaPanelModule = Awaited<ReturnType<typeof loadSolanaPanel>>;

/**
 * The Solana tab's content (give it to PaymentMethods, which mounts it when the tab first opens):
 * loads its code then (a spinner meanwhile, a retry if the chunk fails to arrive) and shows the
 * Solana payment.
 */
export function SolanaPay<R>(props: SolanaPayProps<R>) {
  const [loaded, setLoaded] = useState<SolanaPanelModule | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    loadSolanaPanel().then(setLoaded, (error: unknown) => {
      console.error('the Solana payment could not be loaded', error);
      setFailed(true);
    });
  }, []);
  useEffect(load, [load]);

  if (loaded) return <loaded.SolanaPayPanel {...props} />;
  if (failed) {
    return (
      <div role="alert">
        <p>The Solana payment could not be loaded.</p>
        <button type="button" className="sf-btn sf-btn-secondary" onClick={load}>
          Try again
        </button>
      </div>
    );
  }
  return <Spinner label="Loading the Solana payment..." />;
}
