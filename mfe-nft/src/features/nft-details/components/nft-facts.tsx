import type { Nft } from '@starforge/contracts/nft';
import { nftMessages } from '@starforge/contracts/nft';
import { networkLabels } from '@starforge/contracts/rewards';
import { NftStatusBadge } from '../../../shared/components/nft-status-badge';
import { formatDate } from '@starforge/contracts/shared';
import { CopyButton } from './copy-button';

/** The NFT's own facts (spec section 2): token id with its copy button, owner, minted date, status, network, and how it was made. */
export function NftFacts({ nft }: { nft: Nft }) {
  return (
    <dl className="nft-facts">
      <div>
        <dt>Token ID</dt>
        <dd data-testid="nft-token-id">
          {nft.token_id ? (
            <>
              <code>{nft.token_id}</code> <CopyButton text={nft.token_id} label="Copy token ID" />
            </>
          ) : (
            <span className="sf-muted">Assigned when minting completes</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Owner</dt>
        <dd data-testid="nft-owner">{nft.owned_by_me ? nftMessages.ownedByYou : nftMessages.ownedByAnother}</dd>
      </div>
      <div>
        <dt>Minted</dt>
        <dd data-testid="nft-minted-at">{nft.minted_at ? formatDate(nft.minted_at) : <span className="sf-muted">Not yet</span>}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <NftStatusBadge status={nft.status} />
        </dd>
      </div>
      <div>
        <dt>Network</dt>
        <dd data-testid="nft-network">{networkLabels[nft.network]}</dd>
      </div>
      <div>
        <dt>Category</dt>
        <dd>{nft.category}</dd>
      </div>
      <div>
        <dt>Creator royalty</dt>
        <dd>{nft.creator_royalty}%</dd>
      </div>
      <div>
        <dt>Edition</dt>
        <dd>{nft.is_limited_edition && nft.edition_size !== null ? `Limited edition of ${nft.edition_size}` : 'Open edition'}</dd>
      </div>
      {nft.tags && nft.tags.length > 0 ? (
        <div>
          <dt>Tags</dt>
          <dd>{nft.tags.join(', ')}</dd>
        </div>
      ) : null}
    </dl>
  );
}
