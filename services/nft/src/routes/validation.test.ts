import { describe, expect, it } from 'vitest';
import { nftErrorCodes, nftMessages } from '@starforge/contracts/nft';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, mintBody, nftTestContext, signIn, uploadedImage, type TestUser } from '../testing/harness';

const ctx = nftTestContext();

/** Each body is refused with `message` (400), and no NFT is inserted for the user. */
const expectRefused = async (who: TestUser, bodies: unknown[], message: string, code = 'validation_failed') => {
  for (const body of bodies) {
    const res = await callAs(ctx, who, 'POST', '/mints', { body });
    expect(errorOf(res), JSON.stringify(body)).toEqual({ status: 400, code, message });
  }
  expect(await ctx.sql`select 1 from nft.nft_mints where user_id = ${who.id}`).toHaveLength(0);
};

describe("POST /mints validates every field with the wizard's words", () => {
  it('names a missing field and the rule it breaks (issue 26, item 11)', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    await expectRefused(who, [{}], 'name is required');
    await expectRefused(who, [{ ...mintBody(image), name: 42 }], 'name must be text');
  });

  it('name: trimmed, 3 to 100 characters', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    await expectRefused(who, [mintBody(image, { name: 'ab' }), mintBody(image, { name: '  ab   ' }), mintBody(image, { name: '' })], nftMessages.nameTooShort);
    await expectRefused(who, [mintBody(image, { name: 'n'.repeat(101) })], nftMessages.nameTooLong);
  });

  it('description: trimmed, 10 to 500 characters', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    await expectRefused(
      who,
      [mintBody(image, { description: 'too short' }), mintBody(image, { description: `   ${'d'.repeat(9)}     ` })],
      nftMessages.descriptionTooShort,
    );
    await expectRefused(who, [mintBody(image, { description: 'd'.repeat(501) })], nftMessages.descriptionTooLong);
  });

  it('category: one of the ten', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    await expectRefused(
      who,
      [
        mintBody(image, { category: undefined }),
        mintBody(image, { category: '' }),
        mintBody(image, { category: 'Paintings' }),
        mintBody(image, { category: 'art' }),
      ],
      nftMessages.selectCategory,
    );
  });

  it('tags: at most 5, no two alike (ignoring case), each at most 30 characters', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    await expectRefused(who, [mintBody(image, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] })], nftMessages.tooManyTags);
    await expectRefused(who, [mintBody(image, { tags: ['space', 'space'] }), mintBody(image, { tags: ['Space', ' space '] })], nftMessages.duplicateTag);
    await expectRefused(who, [mintBody(image, { tags: ['t'.repeat(31)] })], nftMessages.tagTooLong);
  });

  it('royalty: a number from 0 to 10 in steps of 0.1', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    await expectRefused(
      who,
      [-0.1, 10.1, 100, '5', null, undefined].map((creator_royalty) => mintBody(image, { creator_royalty })),
      nftMessages.royaltyRange,
    );
    await expectRefused(
      who,
      [5.05, 0.01, 9.99].map((creator_royalty) => mintBody(image, { creator_royalty })),
      nftMessages.royaltyStep,
    );
  });

  it('edition: a whole size of at least 1 when limited, none otherwise', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    await expectRefused(
      who,
      [
        mintBody(image, { is_limited_edition: true, edition_size: null }),
        mintBody(image, { is_limited_edition: true, edition_size: 0 }),
        mintBody(image, { is_limited_edition: true, edition_size: 2.5 }),
        mintBody(image, { is_limited_edition: true, edition_size: '10' }),
      ],
      nftMessages.editionSize,
    );
    await expectRefused(who, [mintBody(image, { is_limited_edition: false, edition_size: 10 })], nftMessages.editionSizeNotLimited);
  });

  it('image: required, and it must have been uploaded (400 image_not_found)', async () => {
    const who = await signIn(ctx);
    await expectRefused(who, [mintBody('', {}), mintBody('not-a-key', {}), { ...mintBody('x'), image_key: undefined }], nftMessages.imageRequired);
    await expectRefused(who, [mintBody('0'.repeat(64))], nftMessages.imageNotFound, nftErrorCodes.imageNotFound);
  });

  it('keeps what it accepts as the schema made it: trimmed text, tags, a rounded royalty, the edition', async () => {
    const who = await signIn(ctx);
    const image = await uploadedImage(ctx, who);
    const res = await callAs(ctx, who, 'POST', '/mints', {
      body: mintBody(image, {
        name: '  Nova  ',
        description: '  Ten chars!  ',
        tags: [' a ', 'B'],
        creator_royalty: 2.3000000000000003,
        is_limited_edition: true,
        edition_size: 7,
      }),
    });
    expect(res.status).toBe(201);
    expect((res.body as { nft: object }).nft).toMatchObject({
      name: 'Nova',
      description: 'Ten chars!',
      tags: ['a', 'B'],
      creator_royalty: 2.3,
      is_limited_edition: true,
      edition_size: 7,
    });
    const without = await callAs(ctx, who, 'POST', '/mints', { body: mintBody(image, { tags: undefined, creator_royalty: 0 }) });
    expect((without.body as { nft: object }).nft).toMatchObject({ tags: null, creator_royalty: 0, is_limited_edition: false, edition_size: null });
  });
});
