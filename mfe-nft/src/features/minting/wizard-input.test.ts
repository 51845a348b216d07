import { describe, expect, it } from 'vitest';
import { continueCheck, defaultSettings, detailsErrors, emptyDetails, mintInput, settingsErrors, type MintDetails, type MintSettings } from './wizard-input';

const details: MintDetails = { name: '  Nebula  ', description: '  A glowing cloud of gas  ', category: 'Art', tags: ['space'] };
const png = { type: 'image/png', size: 2048 };
const settings: MintSettings<typeof png> = { ...defaultSettings, image: png };

describe('step 1: detailsErrors and continueCheck', () => {
  it('lets valid details continue', () => {
    expect(detailsErrors(details)).toEqual({});
    expect(continueCheck(details)).toEqual({ ok: true });
  });

  it('names every missing field with the spec words, and Continue refuses', () => {
    expect(detailsErrors(emptyDetails)).toEqual({
      name: 'Name must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      category: 'Please select a category',
    });
    expect(continueCheck(emptyDetails)).toEqual({ ok: false, message: 'Please complete all required fields' });
  });

  it('counts the trimmed name and description', () => {
    expect(detailsErrors({ ...details, name: '  ab  ' }).name).toBe('Name must be at least 3 characters');
    expect(detailsErrors({ ...details, name: 'abc' }).name).toBeUndefined();
    expect(detailsErrors({ ...details, description: '   123456789   ' }).description).toBe('Description must be at least 10 characters');
    expect(detailsErrors({ ...details, description: '1234567890' }).description).toBeUndefined();
  });

  it('refuses a description over the counter and a category not offered', () => {
    expect(detailsErrors({ ...details, description: 'x'.repeat(501) }).description).toBe('Description must be at most 500 characters');
    expect(detailsErrors({ ...details, category: 'Nope' as MintDetails['category'] }).category).toBe('Please select a category');
  });
});

describe('step 2: settingsErrors', () => {
  it('starts with royalty 5, no limited edition, and asks only for the image', () => {
    expect(defaultSettings.royalty).toBe('5');
    expect(settingsErrors(defaultSettings)).toEqual({ image: 'Please select an image' });
    expect(settingsErrors(settings)).toEqual({});
  });

  it('checks the edition size only for a limited edition', () => {
    expect(settingsErrors({ ...settings, editionSize: '0' })).toEqual({});
    expect(settingsErrors({ ...settings, limited: true, editionSize: '0' })).toEqual({ editionSize: 'Edition size must be at least 1' });
  });

  it('checks the royalty range, reading a non-number as 0', () => {
    expect(settingsErrors({ ...settings, royalty: '10.5' })).toEqual({ royalty: 'Royalty must be between 0 and 10%' });
    expect(settingsErrors({ ...settings, royalty: 'abc' })).toEqual({});
  });
});

describe('mintInput', () => {
  it('asks a signed-out visitor to sign in first', () => {
    expect(mintInput(false, details, settings)).toEqual({ ok: false, message: 'Please sign in to mint NFTs' });
  });

  it('refuses anything invalid in either step with one message', () => {
    const refused = { ok: false, message: 'Please fill in all required fields correctly' };
    expect(mintInput(true, details, defaultSettings)).toEqual(refused);
    expect(mintInput(true, { ...details, name: 'ab' }, settings)).toEqual(refused);
    expect(mintInput(true, details, { ...settings, limited: true, editionSize: '' })).toEqual(refused);
    expect(mintInput(true, details, { ...settings, royalty: '11' })).toEqual(refused);
  });

  it('builds the body of POST /mints: trimmed, the edition size only when limited, the royalty a number', () => {
    expect(mintInput(true, details, { ...settings, royalty: '2.5' })).toEqual({
      ok: true,
      image: png,
      body: {
        name: 'Nebula',
        description: 'A glowing cloud of gas',
        category: 'Art',
        tags: ['space'],
        is_limited_edition: false,
        edition_size: null,
        creator_royalty: 2.5,
      },
    });
    const limited = mintInput(true, details, { ...settings, limited: true, editionSize: ' 50 ', royalty: '' });
    expect(limited).toMatchObject({ ok: true, body: { is_limited_edition: true, edition_size: 50, creator_royalty: 0 } });
  });
});
