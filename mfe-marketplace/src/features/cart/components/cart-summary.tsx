import { Link, useNavigate } from 'react-router-dom';
import type { Cart } from '@starforge/contracts/marketplace';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { formatCents } from '@starforge/contracts/shared';
import { toast } from '@starforge/host';

/** The cart's total, Continue Shopping (to /marketplace) and Proceed to Payment (to /payment; an empty cart says 'Your cart is empty'). */
export function CartSummary({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const proceed = () => {
    if (cart.items.length === 0) {
      toast.error(marketplaceMessages.cartEmpty);
      return;
    }
    navigate('/payment');
  };
  return (
    <section className="sf-card market-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Order Summary</h2>
      <p className="market-total">
        <span>Total</span>
        <span data-testid="cart-total">{formatCents(cart.total_cents)}</span>
      </p>
      <div className="market-summary-actions">
        <button type="button" className="sf-btn sf-btn-primary sf-btn-block" onClick={proceed}>
          Proceed to Payment
        </button>
        <Link to="/marketplace" className="sf-btn sf-btn-secondary sf-btn-block">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
