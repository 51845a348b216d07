import { describe, expect, it } from 'vitest';
import { type CardFields, cardInput, emptyCard } from './card-input';

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const good: CardFields = {
  payment_method: 'credit_card',
  card_number: '4242 4242 4242 4242',
  expiry: `12/${nextYear}`,
  cvv: '123',
  cardholder_name: 'Ada Lovelace',
};

describe('cardInput', () => {
  it('sends the card as typed, credit or debit', () => {
    expect(cardInput(good)).toEqual({ ok: true, card: good });
    expect(cardInput({ ...good, payment_method: 'debit_card' })).toEqual({ ok: true, card: { ...good, payment_method: 'debit_card' } });
  });

  it('refuses what the order says cannot be paid before looking at the card', () => {
    expect(cardInput(good, 'Your cart is empty')).toEqual({ ok: false, message: 'Your cart is empty', field: null });
  });

  it('asks for every field while any is empty or blank', () => {
    expect(cardInput(emptyCard)).toEqual({ ok: false, message: 'Please fill in all payment details', field: null });
    expect(cardInput({ ...good, cardholder_name: '   ' })).toEqual({ ok: false, message: 'Please fill in all payment details', field: null });
  });

  it('checks the number, the expiry and the cvv, naming the field', () => {
    expect(cardInput({ ...good, card_number: '4242 4242 4242 4241' })).toEqual({
      ok: false,
      message: 'Please enter a valid card number',
      field: 'card_number',
    });
    expect(cardInput({ ...good, card_number: '4242' })).toMatchObject({ field: 'card_number' });
    expect(cardInput({ ...good, expiry: '13/30' })).toEqual({ ok: false, message: 'Please enter the expiry date as MM/YY', field: 'expiry' });
    expect(cardInput({ ...good, expiry: '01/20' })).toEqual({ ok: false, message: 'This card has expired', field: 'expiry' });
    expect(cardInput({ ...good, cvv: '12' })).toEqual({ ok: false, message: 'Please enter a valid CVV (3 or 4 digits)', field: 'cvv' });
  });
});
