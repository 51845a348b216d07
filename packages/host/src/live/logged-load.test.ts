import { describe, expect, it } from 'vitest';
import { loggedLoad, type FailureSinks } from './logged-load';

const recording = () => {
  const told: string[] = [];
  const sinks: FailureSinks = { log: (message) => told.push(`log: ${message}`), announce: (message) => told.push(`toast: ${message}`) };
  return { told, sinks };
};

describe('loggedLoad', () => {
  it('passes an answer through and tells nothing', async () => {
    const { told, sinks } = recording();
    await expect(loggedLoad(async () => 7, { what: 'the cart', announce: 'Failed to load cart' }, sinks)()).resolves.toBe(7);
    expect(told).toEqual([]);
  });

  it('logs a failure as "… could not be read", announces it when asked, and rethrows it', async () => {
    const { told, sinks } = recording();
    const refused = new Error('refused');
    const load = loggedLoad(() => Promise.reject(refused), { what: 'the cart', announce: 'Failed to load cart' }, sinks);
    await expect(load()).rejects.toBe(refused);
    expect(told).toEqual(['log: the cart could not be read', 'toast: Failed to load cart']);
  });

  it('only logs when nothing is to be announced', async () => {
    const { told, sinks } = recording();
    await expect(loggedLoad(() => Promise.reject(new Error('x')), { what: 'tiers' }, sinks)()).rejects.toThrow('x');
    expect(told).toEqual(['log: tiers could not be read']);
  });

  it('tells nothing of an expected failure, and still rethrows it', async () => {
    const { told, sinks } = recording();
    const notYours = new Error('not_claimer');
    const load = loggedLoad(() => Promise.reject(notYours), { what: 'the completion', announce: 'x', expected: (error) => error === notYours }, sinks);
    await expect(load()).rejects.toBe(notYours);
    expect(told).toEqual([]);
  });
});
