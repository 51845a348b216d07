import { randomUUID } from 'node:crypto';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { TestAccount } from './accounts';
import { MarketApi } from './marketplace';

/**
 * Gives an existing account `dollars` of cash the way the product pays people: it creates an NFT
 * listed at that price and a new buyer buys it with a Solana wallet (no royalty: the seller is its
 * creator). Not by card: a card sale's proceeds stay pending until the payment settles, days later.
 */
export const earnCashBySale = async (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: TestAccount, dollars: number): Promise<void> => {
  const seller = await MarketApi.signIn(playwright, baseURL, account);
  const buyer = await MarketApi.signUp(playwright, baseURL);
  const nft = await seller.createListed({ name: `Bounty fund ${randomUUID().slice(0, 8)}`, price: String(dollars) });
  await buyer.buyWithSolana(nft.nft_id, dollars * 100);
  await Promise.all([seller.dispose(), buyer.dispose()]);
};

/** Counts the page's POSTs under `/api/bounties<prefix>`, to prove the browser's own checks sent nothing. */
export const countBountiesPosts = (page: Page, prefix: string): { readonly count: number } => {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith(`/api/bounties${prefix}`)) seen.count++;
  });
  return seen;
};
