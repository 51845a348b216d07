import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { marketplaceTestContext } from '../testing/harness';

const ctx = marketplaceTestContext();

const listedAt = new Date(Date.now() - 60_000);
const at = new Date();

/** Inserts a row straight into the table (as no route would), answering the SQLSTATE it raised or 'ok'. */
const insert = (row: Record<string, unknown>) =>
  ctx.sql`insert into marketplace.nft_sales ${ctx.sql({ nftId: randomUUID(), sellerId: randomUUID(), priceCents: 100, createdAt: listedAt, ...row })}`.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

describe('marketplace.nft_sales', () => {
  it('holds one listed row per NFT, any number of cancelled or sold ones', async () => {
    const nftId = randomUUID();
    expect(await insert({ nftId, status: 'cancelled', cancelledAt: at })).toBe('ok');
    expect(await insert({ nftId, status: 'sold', buyerId: randomUUID(), soldAt: at })).toBe('ok');
    expect(await insert({ nftId })).toBe('ok');
    expect(await insert({ nftId })).toBe('23505');
    expect(await insert({ nftId, status: 'cancelled', cancelledAt: at })).toBe('ok');
  });

  it('takes a price of at least a cent, within the price field', async () => {
    for (const priceCents of [0, -1, 100_000_000_000_000]) expect(await insert({ priceCents }), String(priceCents)).toBe('23514');
    for (const priceCents of [1, 99_999_999_999_999]) expect(await insert({ priceCents }), String(priceCents)).toBe('ok');
  });

  it('ties the times and the buyer to the status', async () => {
    const buyerId = randomUUID();
    for (const row of [
      { status: 'listed', cancelledAt: at },
      { status: 'listed', soldAt: at },
      { status: 'listed', buyerId },
      { status: 'cancelled' },
      { status: 'cancelled', cancelledAt: at, soldAt: at },
      { status: 'sold', soldAt: at },
      { status: 'sold', buyerId },
      { status: 'sold', buyerId, soldAt: at, cancelledAt: at },
      { status: 'sold', buyerId, soldAt: new Date(listedAt.getTime() - 1) },
      { status: 'cancelled', cancelledAt: new Date(listedAt.getTime() - 1) },
      { status: 'reserved' },
    ]) {
      expect(await insert(row), JSON.stringify(row)).toBe('23514');
    }
    const sellerId = randomUUID();
    expect(await insert({ status: 'sold', sellerId, buyerId: sellerId, soldAt: at })).toBe('23514');
  });
});
