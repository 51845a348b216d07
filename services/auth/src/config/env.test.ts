import { describe, expect, it } from 'vitest';
import { readAuthConfig } from './env';

describe('readAuthConfig', () => {
  it('has sensible defaults', () => {
    expect(readAuthConfig({})).toEqual({
      requireEmailConfirmation: false,
      signingKey: null,
      rateLimit: { windowSeconds: 60, perAccount: 10, perIp: 30, accountCeiling: 100, accountCeilingWindowSeconds: 3_600, noncesPerIp: 30 },
      publicOrigin: 'http://localhost:3000',
    });
  });

  it('reads the switches and limits', () => {
    const config = readAuthConfig({
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '10',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
    expect(config).toMatchObject({ requireEmailConfirmation: true, rateLimit: { windowSeconds: 10, perAccount: 3, perIp: 1000 } });
    expect(() => readAuthConfig({ AUTH_RATE_LIMIT_PER_IP: '0' })).toThrow();
    expect(() => readAuthConfig({ AUTH_REQUIRE_EMAIL_CONFIRMATION: 'yes' })).toThrow();
  });
});
