import { describe, expect, it } from 'vitest';
import { bodyLimitFor, bodyRuleFor, DEFAULT_BODY_LIMIT_BYTES, imageMediaTypes, payloadTooLargeMessage, unsupportedMediaTypeMessage } from './body-limits';

describe('bodyLimitFor', () => {
  it('gives JSON routes the small default and the image upload its 10 MiB', () => {
    expect(bodyLimitFor('POST', '/api/auth/wallet/nonce')).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('POST', '/api/nft/images')).toBe(10 * 1024 * 1024);
    expect(bodyLimitFor('post', '/api/nft/images/')).toBe(10 * 1024 * 1024);
  });

  it('lets a suite of 256 KiB through even when every character is JSON-escaped, with its 16 names', () => {
    const sources = Array.from({ length: 16 }, (_, i) => ({ name: `${'d'.repeat(60)}/${'n'.repeat(60)}${i}.sol`, content: '\u0001'.repeat(16 * 1024) }));
    const body = JSON.stringify({ network: 'ethereum', test_type: 'transaction', contract: { sources, call: { function: 'f', args: [] } } });
    expect(body.length).toBeGreaterThan(6 * 256 * 1024);
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(bodyLimitFor('POST', '/api/rewards/test-runs'));
  });

  it('lets a bounty and a completion at their length limits through, whatever their script', () => {
    expect(bodyLimitFor('POST', '/api/bounties/bounties')).toBe(32 * 1024);
    // Issue 28: and a proof test file of 64 KiB, JSON-escaped.
    expect(bodyLimitFor('PUT', '/api/bounties/bounties/6f1c2d9e-0000-4000-8000-000000000000/completion')).toBe(72 * 1024 + 6 * 64 * 1024);
    expect(bodyLimitFor('PUT', '/api/bounties/projects/6f1c2d9e-0000-4000-8000-000000000000/code')).toBe(6 * 256 * 1024 + 16 * 1024);
    expect(bodyLimitFor('POST', '/api/bounties/bounties/x/claim')).toBe(DEFAULT_BODY_LIMIT_BYTES);
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

describe('bodyRuleFor', () => {
  it('says which routes take raw bytes instead of JSON, and which types', () => {
    expect(bodyRuleFor('POST', '/api/nft/images')).toEqual({
      maxBytes: 10 * 1024 * 1024,
      mediaTypes: imageMediaTypes,
      tooLargeMessage: 'Image size must be less than 10MB',
    });
    expect(bodyRuleFor('POST', '/api/rewards/stake')).toEqual({
      maxBytes: DEFAULT_BODY_LIMIT_BYTES,
      mediaTypes: null,
      tooLargeMessage: 'The request body is too large (at most 16 KiB).',
    });
  });

  it('names what the route takes in its 415 message', () => {
    expect(unsupportedMediaTypeMessage(null)).toBe('Send the body as JSON (Content-Type: application/json).');
    expect(unsupportedMediaTypeMessage(imageMediaTypes, 'text/plain')).toBe(
      "Send the file's raw bytes as the body, with its type (Content-Type: image/png, image/jpeg, image/gif or image/webp).",
    );
    expect(unsupportedMediaTypeMessage(imageMediaTypes, 'multipart/form-data; boundary=x')).toBe(
      "Multipart forms are not accepted: send the file's raw bytes as the body, with its type (Content-Type: image/png, image/jpeg, image/gif or image/webp).",
    );
    expect(unsupportedMediaTypeMessage(['image/png'])).toBe("Send the file's raw bytes as the body, with its type (Content-Type: image/png).");
  });
});
