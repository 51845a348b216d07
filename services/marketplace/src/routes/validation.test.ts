import { describe, expect, it } from 'vitest';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { nftMessages } from '@starforge/contracts/nft';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, marketplaceTestContext, mintedNft, salesOf, signIn, type TestUser } from '../testing/harness';

const ctx = marketplaceTestContext();

const expectRefused = async (who: TestUser, path: string, body: unknown, message: string) => {
  const result = await callAs(ctx, who, 'POST', path, { body });
  expect(errorOf(result), JSON.stringify(body)).toEqual({ status: 400, code: 'validation_failed', message });
};

const BAD_PRICES = [
  {},
  { price: 0 },
  { price: '0' },
  { price: '0.00' },
  { price: -5 },
  { price: '-5' },
  { price: '1.234' },
  { price: 'abc' },
  { price: '' },
  { price: null },
  { price: '0.001' },
];

describe('validation messages', () => {
  it("POST /nfts/:id/listing: 'Please enter a valid price' for a missing, zero, negative, sub-cent or text price; nothing listed", async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    for (const body of BAD_PRICES) await expectRefused(owner, `/nfts/${nftId}/listing`, body, marketplaceMessages.invalidPrice);
    expect(await salesOf(ctx.sql, nftId)).toEqual([]);
  });

  it('POST /nfts/:id/listing reads a price as typed, in cents', async () => {
    const owner = await signIn(ctx);
    for (const [price, cents] of [
      ['0.01', 1],
      ['12.5', 1250],
      [7, 700],
      [' 3.10 ', 310],
      ['999999999999.99', 99_999_999_999_999],
    ] as const) {
      const nftId = await mintedNft(ctx.sql, owner.id);
      const listed = await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price } });
      expect((listed.body as { listing: { price_cents: number } }).listing.price_cents, String(price)).toBe(cents);
    }
  });

  it("POST /created-nfts: the creator schema's messages, nothing created", async () => {
    const creator = await signIn(ctx);
    const valid = { name: 'Valid name', price: '5' };
    const cases: [unknown, string][] = [
      ...BAD_PRICES.map((p): [unknown, string] => [{ name: 'Valid name', ...p }, marketplaceMessages.invalidPrice]),
      [{ price: '5' }, nftMessages.fillAllRequired],
      [{ name: null, price: '5' }, nftMessages.fillAllRequired],
      [{ ...valid, name: '' }, nftMessages.nameTooShort],
      [{ ...valid, name: '  ab  ' }, nftMessages.nameTooShort],
      [{ ...valid, name: 'x'.repeat(101) }, nftMessages.nameTooLong],
      [{ ...valid, description: 'd'.repeat(501) }, nftMessages.descriptionTooLong],
      [{ ...valid, category: 'Memes' }, nftMessages.selectCategory],
      [{ ...valid, creator_royalty: 10.5 }, nftMessages.royaltyRange],
      [{ ...valid, creator_royalty: -1 }, nftMessages.royaltyRange],
      [{ ...valid, creator_royalty: 'five' }, nftMessages.royaltyRange],
      [{ ...valid, creator_royalty: 2.55 }, nftMessages.royaltyStep],
      [{ ...valid, is_limited_edition: true }, nftMessages.editionSize],
      [{ ...valid, is_limited_edition: true, edition_size: 0 }, nftMessages.editionSize],
      [{ ...valid, edition_size: 3 }, nftMessages.editionSizeNotLimited],
      [{ ...valid, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, nftMessages.tooManyTags],
      [{ ...valid, tags: ['Sky', 'sky'] }, nftMessages.duplicateTag],
      [{ ...valid, tags: ['t'.repeat(31)] }, nftMessages.tagTooLong],
      [{ ...valid, image_key: 'not-a-key' }, nftMessages.imageRequired],
    ];
    for (const [body, message] of cases) await expectRefused(creator, '/created-nfts', body, message);
    expect(await ctx.sql`select 1 from nft.nfts where original_creator_id = ${creator.id}`).toEqual([]);
  });
});
