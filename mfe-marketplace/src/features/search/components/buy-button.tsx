import { useNavigate } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import type { MarketplaceListing } from '@starforge/contracts/marketplace';
import { failureMessage, readFailure, useFormAction, useUser } from '@starforge/host';
import { useAddToCart } from '../../../shared/api/add-to-cart';

/**
 * Buy: adds the NFT to the cart ('Added to cart!') and opens /cart. Signed out, or a session that
 * ended meanwhile (the server answers 401): 'Please log in to add items to cart'.
 */
export function BuyButton({ listing }: { listing: MarketplaceListing }) {
  const navigate = useNavigate();
  const user = useUser();
  const add = useAddToCart();
  const buy = useFormAction({
    name: 'add to cart',
    check: () => (user ? ({ ok: true } as const) : ({ ok: false, message: marketplaceMessages.loginToAddToCart } as const)),
    run: () => add.run(listing.nft_id),
    success: () => marketplaceMessages.addedToCart,
    onSuccess: () => navigate('/cart'),
    failure: (error) =>
      readFailure(error).status === 401 ? marketplaceMessages.loginToAddToCart : failureMessage(error, { fallback: marketplaceMessages.addToCartFailed }),
  });
  return (
    <button type="button" className="sf-btn sf-btn-primary sf-btn-block" onClick={() => void buy.run()} disabled={add.busy} aria-busy={add.busy}>
      {add.busy ? 'Adding...' : 'Buy'}
      <span className="sf-visually-hidden"> {listing.name}</span>
    </button>
  );
}
