import { Link } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { Spinner, LoadFailed } from '@starforge/ui';
import { useCart } from '../../../shared/api/cart';
import { lineNotice } from '../../../shared/lib/line-notice';
import type { Order } from '../order';
import { Checkout } from './checkout';

/** /payment for the cart: its lines and total, or 'Your cart is empty' with the way back to the marketplace. */
export function CartCheckout() {
  const { cart, loading, failed, refetch } = useCart();
  if (loading) return <Spinner label="Loading your order..." />;
  if (failed || !cart) {
    return <LoadFailed title={marketplaceMessages.loadCartFailed} onRetry={refetch} titleId="payment-failed-title" className="market-empty" />;
  }
  if (cart.items.length === 0) {
    return (
      <section className="sf-card market-empty" aria-labelledby="payment-empty-title" data-testid="payment-empty">
        <h2 id="payment-empty-title">{marketplaceMessages.cartEmpty}</h2>
        <Link to="/marketplace" className="sf-btn sf-btn-primary">
          Browse Marketplace
        </Link>
      </section>
    );
  }
  const order: Order = {
    kind: 'cart',
    lines: cart.items.map((line) => ({ ...line, notice: lineNotice(line) })),
    total_cents: cart.total_cents,
    target: { items: cart.items.map((line) => ({ nft_id: line.nft_id, price_cents: line.price_cents })) },
    refetch,
  };
  return <Checkout order={order} />;
}
