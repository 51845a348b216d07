import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { marketplaceMessages } from '@starforge/contracts/marketplace-constants';
import { formatCents } from '@starforge/contracts/money';
import { useFormAction } from '@starforge/host';
import { Field } from '@starforge/ui';
import { useCardCheckout } from '../api/checkout-card';
import { type CardField, type CardFields, type CardMethod, cardInput } from '../card-input';
import { checkoutFailure } from '../checkout-failure';
import type { Order } from '../order';

const methods: { value: CardMethod; label: string }[] = [
  { value: 'credit_card', label: 'Credit card' },
  { value: 'debit_card', label: 'Debit card' },
];

const emptyCard: CardFields = { payment_method: 'credit_card', card_number: '', expiry: '', cvv: '', cardholder_name: '' };

/**
 * The Credit Card tab: credit or debit, number, expiry (MM/YY), cvv and cardholder name, checked
 * with the server's schema before sending; then one checkout with an Idempotency-Key. The buyer
 * lands on /nfts ('Payment processed successfully!', or 'NFT purchased successfully!' for one NFT).
 */
export function CardForm({ order }: { order: Order }) {
  const ids = useId();
  const navigate = useNavigate();
  const [card, setCard] = useState<CardFields>(emptyCard);
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const { run, busy } = useCardCheckout();
  const form = useFormAction({
    name: 'card payment',
    check: () => {
      const input = cardInput(card, order);
      setInvalid(input.ok ? null : input.field);
      return input;
    },
    run: (input) => run(input.body),
    success: () => (order.kind === 'nft' ? marketplaceMessages.nftPurchased : marketplaceMessages.paymentProcessed),
    onSuccess: () => {
      setCard(emptyCard);
      order.refetch();
      navigate('/nfts');
    },
    failure: (error) => {
      order.refetch();
      return checkoutFailure(error, marketplaceMessages.paymentFailed);
    },
  });
  const set = (field: keyof CardFields) => (event: { target: { value: string } }) => setCard((c) => ({ ...c, [field]: event.target.value }));
  const errorOf = (field: CardField) => (invalid === field ? form.error : null);

  return (
    <form onSubmit={form.submit} noValidate className="market-card-form" aria-describedby={form.error && !invalid ? `${ids}-error` : undefined}>
      <fieldset className="market-methods">
        <legend>Payment method</legend>
        {methods.map((method) => (
          <label key={method.value} className="market-method">
            <input
              type="radio"
              name={`${ids}-method`}
              value={method.value}
              checked={card.payment_method === method.value}
              onChange={() => setCard((c) => ({ ...c, payment_method: method.value }))}
            />
            {method.label}
          </label>
        ))}
      </fieldset>
      <Field
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={23}
        value={card.card_number}
        onChange={set('card_number')}
        error={errorOf('card_number')}
      />
      <div className="market-card-row">
        <Field
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={card.expiry}
          onChange={set('expiry')}
          error={errorOf('expiry')}
        />
        <Field
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvv}
          onChange={set('cvv')}
          error={errorOf('cvv')}
        />
      </div>
      <Field label="Cardholder name" autoComplete="cc-name" value={card.cardholder_name} onChange={set('cardholder_name')} error={errorOf('cardholder_name')} />
      <button type="submit" className="sf-btn sf-btn-primary sf-btn-block" disabled={busy} aria-busy={busy}>
        {busy ? 'Processing...' : `Pay ${formatCents(order.total_cents)}`}
      </button>
      {form.error && !invalid ? (
        <p id={`${ids}-error`} className="sf-field-error market-form-error" role="alert">
          {form.error}
        </p>
      ) : null}
    </form>
  );
}
