import { useId } from 'react';
import type { CartLine } from '@starforge/contracts/marketplace';
import { CART_QUANTITY, marketplaceMessages } from '@starforge/contracts/marketplace';
import { formatCents } from '@starforge/contracts/shared';
import { failureMessage, useFormAction } from '@starforge/host';
import { NftImage } from '@starforge/ui';
import { useAddToCart } from '../../../shared/api/add-to-cart';
import { lineNotice } from '../../../shared/lib/line-notice';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useSetQuantity } from '../api/set-quantity';

const always = () => ({ ok: true }) as const;

/**
 * One line of the cart: the NFT, its unit price (as added), quantity − / + (an NFT is unique: '+'
 * is disabled at 1 with 'Each NFT is unique: you can buy only one' beside it, and 0 removes the line), the line total and Remove. A line no longer listed at
 * its price says so; one listed again at another price can take the new price.
 */
export function CartLineItem({ line, onChanged }: { line: CartLine; onChanged: () => void }) {
  const quantity = useSetQuantity();
  const remove = useRemoveFromCart();
  const readd = useAddToCart();
  const busy = quantity.busy || remove.busy || readd.busy;
  const notice = lineNotice(line);
  // An NFT is unique: '+' can never add one, so it is disabled at 1 and says why.
  const atMost = line.quantity >= CART_QUANTITY;
  const uniqueHintId = `${useId()}-unique`;

  const change = useFormAction({
    name: 'cart quantity',
    check: (next: number) => ({ ok: true, next }) as const,
    run: (input) => quantity.run(line.nft_id, input.next),
    success: (item) => (item === null ? marketplaceMessages.itemRemoved : `Quantity of ${line.name}: ${item.quantity}`),
    onSuccess: onChanged,
    failure: (error) => failureMessage(error, { fallback: marketplaceMessages.updateQuantityFailed }),
  });
  const removal = useFormAction({
    name: 'cart removal',
    check: always,
    run: () => remove.run(line.nft_id),
    success: () => marketplaceMessages.itemRemoved,
    onSuccess: onChanged,
    failure: (error) => failureMessage(error, { fallback: marketplaceMessages.removeItemFailed }),
  });
  const takeNewPrice = useFormAction({
    name: 'cart price update',
    check: always,
    run: () => readd.run(line.nft_id),
    success: (item) => `${line.name} is now ${formatCents(item.price_cents)} in your cart`,
    onSuccess: onChanged,
    failure: (error) => failureMessage(error, { fallback: marketplaceMessages.addToCartFailed }),
  });

  return (
    <li className={`sf-card market-line${notice ? ' is-unavailable' : ''}`} data-testid="cart-line" data-nft-id={line.nft_id} aria-busy={busy || undefined}>
      <NftImage url={line.image_url} name={line.name} size="grid" className="market-line-image" />
      <div className="market-line-body">
        <h2 className="market-line-name">{line.name}</h2>
        {line.description ? <p className="sf-muted market-line-description">{line.description}</p> : null}
        <p className="market-line-unit">
          <span className="sf-muted">Price: </span>
          <span data-testid="line-unit-price">{formatCents(line.price_cents)}</span>
        </p>
        {notice ? (
          <div className="market-line-notice" role="note" data-testid="line-notice">
            <p>{notice}</p>
            {line.current_price_cents !== null ? (
              <button type="button" className="sf-btn sf-btn-secondary" onClick={() => void takeNewPrice.run()} disabled={busy}>
                Take the new price
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="market-line-actions">
        <fieldset className="market-quantity">
          <legend className="sf-visually-hidden">Quantity of {line.name}</legend>
          <button
            type="button"
            className="sf-btn sf-btn-ghost"
            onClick={() => void change.run(line.quantity - 1)}
            disabled={busy}
            aria-label={`Decrease quantity of ${line.name}`}
          >
            −
          </button>
          <output data-testid="line-quantity" aria-live="polite">
            {line.quantity}
          </output>
          <button
            type="button"
            className="sf-btn sf-btn-ghost"
            onClick={() => void change.run(line.quantity + 1)}
            disabled={busy || atMost}
            aria-label={`Increase quantity of ${line.name}`}
            aria-describedby={atMost ? uniqueHintId : undefined}
          >
            +
          </button>
        </fieldset>
        {atMost ? (
          <p id={uniqueHintId} className="sf-muted market-quantity-hint" data-testid="quantity-hint">
            {marketplaceMessages.quantityAboveOne}
          </p>
        ) : null}
        <p className="market-line-total">
          <span className="sf-muted">Total: </span>
          <span data-testid="line-total">{formatCents(line.price_cents * line.quantity)}</span>
        </p>
        <button type="button" className="sf-btn sf-btn-danger" onClick={() => void removal.run()} disabled={busy} aria-busy={remove.busy}>
          Remove<span className="sf-visually-hidden"> {line.name}</span>
        </button>
      </div>
    </li>
  );
}
