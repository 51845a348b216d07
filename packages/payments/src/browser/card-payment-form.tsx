import { useId, useState } from 'react';
import { formatCents } from '@starforge/contracts/shared';
import { Field } from '@starforge/ui';
// The package's own entry, not its files: the page must use the one copy the shell shares.
import { useFormAction } from '@starforge/host';
import { type CardField, type CardFields, cardInput, emptyCard } from './card-input';
import { CardProcessorNotice } from './card-processor-notice';
import type { CardPaymentMethod } from '../wire';

const methods: { value: CardPaymentMethod; label: string }[] = [
  { value: 'credit_card', label: 'Credit card' },
  { value: 'debit_card', label: 'Debit card' },
];

export interface PaymentOutcome<R> {
  /** The success toast, from the answer. */
  success: (result: R) => string;
  /** After the success toast: refetch what the payment changed, move on. */
  onSuccess?: (result: R) => void;
  /** The error toast (and the form's message) for a failure, in the domain's words. */
  failure: (error: unknown) => string;
  /** Why what is being paid for cannot be paid as it stands ('Your cart is empty'), checked before anything else; null when it can. */
  problem?: string | null;
}

export interface CardPaymentFormProps<R> extends PaymentOutcome<R> {
  /** The amount, on the button: 'Pay $29.00'. */
  amountCents: number;
  /**
   * The domain's card payment (its `useAction`: its endpoint, its order's fields beside the card,
   * one Idempotency-Key per press); resolves to undefined when it ignored a press (running).
   */
  pay: { run: (card: CardFields) => Promise<R | undefined>; busy: boolean };
  /** The paying service's API ('/api/marketplace'): the form says what its card processor is (simulated here). */
  processorApi: string;
}

/**
 * The Credit Card tab: what the card processor is (a simulated one says so), credit or debit, number, expiry (MM/YY), cvv and cardholder name, checked
 * with the servers' schema before sending (the message beside the field it is about), then the
 * domain's payment. The fields are cleared after a payment goes through.
 */
export function CardPaymentForm<R>({ amountCents, pay, processorApi, problem = null, success, onSuccess, failure }: CardPaymentFormProps<R>) {
  const ids = useId();
  const [card, setCard] = useState<CardFields>(emptyCard);
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const form = useFormAction({
    name: 'card payment',
    check: () => {
      const input = cardInput(card, problem);
      setInvalid(input.ok ? null : input.field);
      return input;
    },
    run: (input) => pay.run(input.card),
    success: (result) => success(result),
    onSuccess: (result) => {
      setCard(emptyCard);
      onSuccess?.(result);
    },
    failure,
  });
  const set = (field: CardField) => (event: { target: { value: string } }) => setCard((c) => ({ ...c, [field]: event.target.value }));
  const errorOf = (field: CardField) => (invalid === field ? form.error : null);

  return (
    <form onSubmit={form.submit} noValidate aria-describedby={form.error && !invalid ? `${ids}-error` : undefined}>
      <CardProcessorNotice api={processorApi} />
      <fieldset className="sf-pay-methods">
        <legend>Payment method</legend>
        {methods.map((method) => (
          <label key={method.value} className="sf-pay-method">
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
      <div className="sf-pay-card-row">
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
      <button type="submit" className="sf-btn sf-btn-primary sf-btn-block" disabled={pay.busy} aria-busy={pay.busy}>
        {pay.busy ? 'Processing...' : `Pay ${formatCents(amountCents)}`}
      </button>
      {form.error && !invalid ? (
        <p id={`${ids}-error`} className="sf-field-error sf-pay-form-error" role="alert">
          {form.error}
        </p>
      ) : null}
    </form>
  );
}
