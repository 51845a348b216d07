import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '@starforge/ui';
import type { Order } from '../order';

// @solana/web3.js (about 80 KiB gzipped) travels in this chunk only, fetched when the Solana tab first opens.
const loadSolanaPanel = () => import(/* webpackChunkName: "solana-pay" */ './solana-panel');
type SolanaPanelModule = Awaited<ReturnType<typeof loadSolanaPanel>>;

/** The Solana tab's content: loads its code on first open (a spinner meanwhile, a retry if the chunk fails to arrive). */
export function SolanaTab({ order }: { order: Order }) {
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

  if (loaded) return <loaded.SolanaPanel order={order} />;
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
