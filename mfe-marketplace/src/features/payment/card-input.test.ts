import { describe, expect, it } from 'vitest';
import { type CardFields, cardInput } from './card-input';
import type { OrderLine } from './order';

const line = (notice: string | null = null): OrderLine => ({
  nft_id: '9b2f7c4e-3d1a-4c8b-a6e5-0f1d2c3b4a59',
  name: 'Vega',
  description: '',
  image_url: null,
  price_cents: 1250,
  notice,
});
const cart = { lines: [line()], target: {} };
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const good: CardFields = {
  payment_method: 'credit_card',
  card_number: '4242 4242 4242 4242',
  expiry: `12/${nextYear}`,
  cvv: '123',
  cardholder_name: 'Ada Lovelace',
};

describe('cardInput', () => {
  it('sends what the form says for the cart, the card number as typed', () => {
    expect(cardInput(good, cart)).toEqual({ ok: true, body: good });
  });

  it('names the NFT and the price shown when one NFT is bought', () => {
    const order = { lines: [line()], target: { nft_id: line().nft_id, price_cents: 1250 } };
    expect(cardInput({ ...good, payment_method: 'debit_card' }, order)).toEqual({
      ok: true,
      body: { ...good, payment_method: 'debit_card', nft_id: line().nft_id, price_cents: 1250 },
    });
  });

  it('refuses an empty cart, and a line sold or repriced, before looking at the card', () => {
    expect(cardInput(good, { lines: [], target: {} })).toEqual({ ok: false, message: 'Your cart is empty', field: null });
    expect(cardInput(good, { lines: [line('This NFT has already been sold or is no longer for sale')], target: {} })).toMatchObject({
      ok: false,
      message: 'This NFT has already been sold or is no longer for sale',
    });
  });

  it('asks for every field while any is empty or blank', () => {
    const empty: CardFields = { payment_method: 'credit_card', card_number: '', expiry: '', cvv: '', cardholder_name: '' };
    expect(cardInput(empty, cart)).toEqual({ ok: false, message: 'Please fill in all payment details', field: null });
    expect(cardInput({ ...good, cardholder_name: '   ' }, cart)).toEqual({ ok: false, message: 'Please fill in all payment details', field: null });
  });

  it('checks the number, the expiry and the cvv, naming the field', () => {
    expect(cardInput({ ...good, card_number: '4242 4242 4242 4241' }, cart)).toEqual({
      ok: false,
      message: 'Please enter a valid card number',
      field: 'card_number',
    });
    expect(cardInput({ ...good, card_number: '4242' }, cart)).toMatchObject({ field: 'card_number' });
    expect(cardInput({ ...good, expiry: '13/30' }, cart)).toEqual({ ok: false, message: 'Please enter the expiry date as MM/YY', field: 'expiry' });
    expect(cardInput({ ...good, expiry: '01/20' }, cart)).toEqual({ ok: false, message: 'This card has expired', field: 'expiry' });
    expect(cardInput({ ...good, cvv: '12' }, cart)).toEqual({ ok: false, message: 'Please enter a valid CVV (3 or 4 digits)', field: 'cvv' });
  });
});
