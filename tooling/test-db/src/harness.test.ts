import { describe, expect, it } from 'vitest';
import { createRouter } from '@starforge/service-kit';
import { callAs, type TestApp } from './harness';

// A real kit router that answers with the headers it was sent.
const echo: TestApp = {
  app: createRouter().all('/api/nft/echo', (c) => c.json({ key: c.req.header('idempotency-key') ?? null, authorization: c.req.header('authorization') })),
  base: '/api/nft',
};
const ada = { token: 'ada-token' };
const sent = (result: { body: unknown }) => result.body as { key: string | null; authorization: string };

describe('callAs', () => {
  it('calls as the signed-in user', async () => {
    expect(sent(await callAs(echo, ada, 'GET', '/echo')).authorization).toBe('Bearer ada-token');
  });

  it('sends a fresh Idempotency-Key with every write, and says which', async () => {
    const first = await callAs(echo, ada, 'POST', '/echo', { body: {} });
    const second = await callAs(echo, ada, 'POST', '/echo', { body: {} });
    expect(sent(first).key).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.key).toBe(sent(first).key);
    expect(sent(second).key).not.toBe(sent(first).key);
    for (const method of ['PUT', 'PATCH', 'DELETE']) expect(sent(await callAs(echo, ada, method, '/echo')).key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the key it is given, none when told so, and none on a read', async () => {
    const first = await callAs(echo, ada, 'POST', '/echo', { body: {} });
    expect(sent(await callAs(echo, ada, 'POST', '/echo', { body: {}, key: first.key })).key).toBe(first.key);
    expect(sent(await callAs(echo, ada, 'POST', '/echo', { body: {}, key: null })).key).toBeNull();
    expect(sent(await callAs(echo, ada, 'POST', '/echo', { body: {}, headers: { 'Idempotency-Key': 'by-hand' } })).key).toBe('by-hand');
    expect(sent(await callAs(echo, ada, 'GET', '/echo')).key).toBeNull();
  });
});
