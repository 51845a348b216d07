import { describe, expect, it } from 'vitest';
import { checkPassword, hashPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, salted', async () => {
    const first = await hashPassword('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('correct horse')).not.toBe(first);
    expect(await checkPassword(first, 'correct horse')).toBe(true);
    expect(await checkPassword(first, 'correct horsE')).toBe(false);
    expect(await checkPassword('not a hash', 'x')).toBe(false);
  });

  it('spends a real verification when there is no account', async () => {
    await checkPassword(null, 'warm-up');
    const started = performance.now();
    expect(await checkPassword(null, 'anything')).toBe(false);
    // 19 MiB of memory-hard work cannot finish in a couple of milliseconds.
    expect(performance.now() - started).toBeGreaterThan(3);
  });
});
