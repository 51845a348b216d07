import { useEffect, useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import type { Nft } from '@starforge/contracts/nft';
import { MINT_DELAY_MS, nftMessages } from '@starforge/contracts/nft';
import { MINT_POINT_AWARDS_PER_DAY } from '@starforge/contracts/rewards';
import { useServerEvent } from '@starforge/host';
import { ProgressBar } from '@starforge/ui';

const TICK_MS = 100;

/** Step 3: the mint was accepted; a 4-second progress bar while the server mints it, then its token id (live). */
export function MintedStep({ nft, onMintAnother, headingRef }: { nft: Nft; onMintAnother: () => void; headingRef: Ref<HTMLHeadingElement> }) {
  const [elapsed, setElapsed] = useState(0);
  const [tokenId, setTokenId] = useState<string | null>(nft.token_id);
  const [points, setPoints] = useState<number | null>(null);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const now = Math.min(Date.now() - started, MINT_DELAY_MS);
      setElapsed(now);
      if (now >= MINT_DELAY_MS) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useServerEvent('nft.mint_completed', ({ data }) => {
    if (data.nftId !== nft.id) return;
    setTokenId(data.tokenId);
    setPoints(data.points);
  });

  return (
    <div className="nft-minted" data-testid="mint-confirmation">
      <h3 ref={headingRef} tabIndex={-1}>
        {nftMessages.mintInitiated}
      </h3>
      <p>
        <strong>{nft.name}</strong> is being minted. It takes about {MINT_DELAY_MS / 1000} seconds; you may leave this page.
      </p>
      <ProgressBar value={elapsed} max={MINT_DELAY_MS} label="Minting progress" />
      <p aria-live="polite" className="nft-minted-status">
        {tokenId ? `Minted! Token ID: ${tokenId}` : elapsed >= MINT_DELAY_MS ? 'Finishing...' : 'Minting...'}
      </p>
      {points === 0 ? (
        <p className="sf-muted" data-testid="mint-no-points">
          {nftMessages.mintNoPoints(MINT_POINT_AWARDS_PER_DAY)}
        </p>
      ) : null}
      <div className="nft-wizard-actions">
        <button type="button" className="sf-btn sf-btn-primary" onClick={onMintAnother}>
          {nftMessages.mintAnother}
        </button>
        <Link to="/nfts" className="sf-btn sf-btn-secondary">
          View My NFTs
        </Link>
      </div>
    </div>
  );
}
