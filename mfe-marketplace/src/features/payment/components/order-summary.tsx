import { Link } from 'react-router-dom';
import { formatCents } from '@starforge/contracts/shared';
import { NftImage } from '@starforge/ui';
import type { Order } from '../order';

/** The order summary: each NFT with its price (and why it cannot be paid, if so), and the total. */
export function OrderSummary({ order }: { order: Order }) {
  const problem = order.lines.some((line) => line.notice !== null);
  return (
    <section className="sf-card market-summary" aria-labelledby="order-summary-title" data-testid="order-summary">
      <h2 id="order-summary-title">Order Summary</h2>
      <ul className="market-summary-lines">
        {order.lines.map((line) => (
          <li key={line.nft_id} className="market-summary-line" data-testid="order-line">
            <NftImage url={line.image_url} name={line.name} size="grid" className="market-summary-image" />
            <div>
              <p className="market-summary-name">{line.name}</p>
              {line.notice ? (
                <p className="sf-field-error" data-testid="order-line-notice">
                  {line.notice}
                </p>
              ) : null}
            </div>
            <span className="market-summary-price">{formatCents(line.price_cents)}</span>
          </li>
        ))}
      </ul>
      <p className="market-total">
        <span>Total</span>
        <span data-testid="order-total">{formatCents(order.total_cents)}</span>
      </p>
      {problem && order.kind === 'cart' ? (
        <Link to="/cart" className="sf-btn sf-btn-secondary sf-btn-block">
          Review your cart
        </Link>
      ) : null}
    </section>
  );
}
