import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';

describe('eventually', () => {
  it('returns as soon as a condition holds', async () => {
    let calls = 0;
    const started = Date.now();
    await eventually(() => ++calls >= 3, 2_000, 10);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('waits for an assertion to stop throwing', async () => {
    const received: number[] = [];
    const timer = setInterval(() => received.push(received.length), 20);
    try {
      await eventually(() => expect(received.length).toBeGreaterThanOrEqual(3), 2_000, 10);
    } finally {
      clearInterval(timer);
    }
    expect(received.length).toBeGreaterThanOrEqual(3);
  });

  it("fails at the deadline with the last assertion's own error", async () => {
    const started = Date.now();
    await expect(eventually(() => expect('pending').toBe('completed'), 200, 20)).rejects.toThrow("expected 'pending' to be 'completed'");
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('fails at the deadline when a condition never holds', async () => {
    await expect(eventually(async () => false, 100, 10)).rejects.toThrow('condition not met within 100 ms');
  });
});
