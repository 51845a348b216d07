import { describe, expect, it } from 'vitest';
import { creatorInput, defaultCreatorFields, type CreatorFields } from './creator-input';

const filled: CreatorFields = { ...defaultCreatorFields, name: ' Comet ', price: '12.5' };

describe('creatorInput', () => {
  it('starts on Art with royalty 5 and an open edition', () => {
    expect(defaultCreatorFields).toMatchObject({ category: 'Art', royalty: '5', limited: false });
  });

  it('needs a name and a price', () => {
    const refused = { ok: false, message: 'Please fill in all required fields' };
    expect(creatorInput(defaultCreatorFields)).toEqual(refused);
    expect(creatorInput({ ...filled, name: '   ' })).toEqual(refused);
    expect(creatorInput({ ...filled, price: ' ' })).toEqual(refused);
  });

  it('says what else is wrong with the words the server would use', () => {
    expect(creatorInput({ ...filled, name: 'ab' })).toEqual({ ok: false, message: 'Name must be at least 3 characters' });
    expect(creatorInput({ ...filled, price: '0' })).toEqual({ ok: false, message: 'Please enter a valid price' });
    expect(creatorInput({ ...filled, royalty: '12' })).toEqual({ ok: false, message: 'Royalty must be between 0 and 10%' });
    expect(creatorInput({ ...filled, limited: true, editionSize: '0' })).toEqual({ ok: false, message: 'Edition size must be at least 1' });
    expect(creatorInput({ ...filled, tags: 'a, b, c, d, e, f' })).toEqual({ ok: false, message: 'At most 5 tags' });
    expect(creatorInput({ ...filled, description: 'x'.repeat(501) })).toEqual({ ok: false, message: 'Description must be at most 500 characters' });
  });

  it('builds the request body: trimmed, tags split at commas, the edition size null unless limited', () => {
    expect(creatorInput({ ...filled, description: '  A bright one  ', category: 'Music', tags: ' space, , ice ,tail ', editionSize: '7' })).toEqual({
      ok: true,
      body: {
        name: 'Comet',
        description: 'A bright one',
        category: 'Music',
        price: '12.50',
        creator_royalty: 5,
        is_limited_edition: false,
        edition_size: null,
        tags: ['space', 'ice', 'tail'],
      },
    });
    expect(creatorInput({ ...filled, limited: true, editionSize: '7', royalty: 'abc' })).toMatchObject({
      ok: true,
      body: { is_limited_edition: true, edition_size: 7, creator_royalty: 0, tags: [] },
    });
  });
});
