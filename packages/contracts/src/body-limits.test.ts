import { describe, expect, it } from 'vitest';
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES, payloadTooLargeMessage } from './body-limits';

describe('bodyLimitFor', () => {
  it('gives JSON routes the small default and the image upload its 10 MiB', () => {
    expect(bodyLimitFor('POST', '/api/auth/wallet/nonce')).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/api/nft/images')).toBe(10 * 1024 * 1024);
    expect(bodyLimitFor('post', '/api/nft/images/')).toBe(10 * 1024 * 1024);
  });

  it('matches the method and the whole path, not a prefix', () => {
    expect(bodyLimitFor('PUT', '/api/nft/images')).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/api/nft/images/extra')).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/api/nft/imagesX')).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it('says the limit in units a person reads', () => {
    expect(payloadTooLargeMessage(16 * 1024)).toBe('The request body is too large (at most 16 KiB).');
    expect(payloadTooLargeMessage(10 * 1024 * 1024)).toBe('The request body is too large (at most 10 MiB).');
  });
});
