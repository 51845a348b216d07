import { useEffect, useId, useState } from 'react';
import type { Listing } from '@starforge/contracts/marketplace';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import type { Nft } from '@starforge/contracts/nft';
import { nftMessages } from '@starforge/contracts/nft';
import { failureMessage, useFormAction } from '@starforge/host';
import { PriceField } from '../../../shared/components/setting-fields';
import { priceInput } from '../../../shared/lib/price';
import { useListNft } from '../api/list-nft';
import { useUnlistNft } from '../api/unlist-nft';

/** The owner's sale actions: List for Sale (price entry, Confirm Listing, Cancel), or Remove from Sale while listed. */
export function OwnerActions({ nft, listing, onChanged }: { nft: Nft; listing: Listing | null; onChanged: () => void }) {
  const ids = useId();
  const [entering, setEntering] = useState(false);
  const [price, setPrice] = useState('');
  const list = useListNft();
  const unlist = useUnlistNft();

  const listForm = useFormAction({
    name: 'listing',
    check: () => priceInput(price),
    run: (input) => list.run(nft.id, input.price),
    success: () => marketplaceMessages.listed,
    onSuccess: () => {
      setEntering(false);
      setPrice('');
      onChanged();
    },
    failure: (error) => failureMessage(error, { fallback: marketplaceMessages.listFailed }),
  });
  const removeForm = useFormAction({
    name: 'listing removal',
    check: () => ({ ok: true }) as const,
    run: () => unlist.run(nft.id),
    success: () => marketplaceMessages.removed,
    onSuccess: onChanged,
    failure: (error) => failureMessage(error, { fallback: marketplaceMessages.removeFailed }),
  });

  useEffect(() => {
    if (entering) document.getElementById(`${ids}-price`)?.focus();
  }, [entering, ids]);

  if (listing) {
    return (
      <div className="nft-sale-actions">
        <button type="button" className="sf-btn sf-btn-danger" onClick={() => void removeForm.run()} disabled={unlist.busy} aria-busy={unlist.busy}>
          {unlist.busy ? 'Removing...' : marketplaceMessages.removeFromSale}
        </button>
      </div>
    );
  }
  return (
    <div className="nft-sale-actions">
      <p data-testid="nft-sale-status">{marketplaceMessages.notForSale}</p>
      {nft.status !== 'completed' ? (
        <p className="sf-muted">{nftMessages.notMinted}</p>
      ) : entering ? (
        <form onSubmit={listForm.submit} noValidate aria-labelledby={`${ids}-title`}>
          <h3 id={`${ids}-title`} className="sf-visually-hidden">
            {marketplaceMessages.listForSale}
          </h3>
          <PriceField id={`${ids}-price`} value={price} onChange={(e) => setPrice(e.target.value)} error={listForm.error} />
          <div className="nft-wizard-actions">
            <button type="submit" className="sf-btn sf-btn-primary" disabled={list.busy} aria-busy={list.busy}>
              {list.busy ? 'Listing...' : marketplaceMessages.confirmListing}
            </button>
            <button
              type="button"
              className="sf-btn sf-btn-secondary"
              onClick={() => {
                setEntering(false);
                setPrice('');
              }}
              disabled={list.busy}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="sf-btn sf-btn-primary" onClick={() => setEntering(true)}>
          {marketplaceMessages.listForSale}
        </button>
      )}
    </div>
  );
}
