import { Link } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { Spinner, TopBar, LoadFailed } from '@starforge/ui';
import { CartLineItem } from '../features/cart/components/cart-line';
import { CartSummary } from '../features/cart/components/cart-summary';
import { useCart } from '../shared/api/cart';
import { cartLinks } from './nav-links';
import './screens.css';

/** /cart: the lines, each with − / + and Remove, the total, Continue Shopping and Proceed to Payment; or 'Your Cart is Empty'. */
export function CartPage() {
  const { cart, loading, failed, refetch } = useCart();
  return (
    <>
      <TopBar links={cartLinks} />
      <main className="sf-main market-screen">
        <header className="market-screen-header">
          <h1>Your Cart</h1>
        </header>
        {loading ? (
          <Spinner label="Loading your cart..." />
        ) : failed || !cart ? (
          <LoadFailed title={marketplaceMessages.loadCartFailed} onRetry={refetch} titleId="cart-failed-title" className="market-empty" />
        ) : cart.items.length === 0 ? (
          <section className="sf-card market-empty" aria-labelledby="cart-empty-title" data-testid="cart-empty">
            <h2 id="cart-empty-title">{marketplaceMessages.emptyCartTitle}</h2>
            <p className="sf-muted">Find an NFT you like on the marketplace and press Buy.</p>
            <Link to="/marketplace" className="sf-btn sf-btn-primary">
              Browse Marketplace
            </Link>
          </section>
        ) : (
          <div className="market-columns">
            <ul className="market-lines" aria-label="Items in your cart">
              {cart.items.map((line) => (
                <CartLineItem key={line.nft_id} line={line} onChanged={refetch} />
              ))}
            </ul>
            <CartSummary cart={cart} />
          </div>
        )}
      </main>
    </>
  );
}
