import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '@starforge/test-db/eventually';
import { ServiceCopies } from './service-copies';
import { readBody, startGateway, startUpstream, testConfig } from './testing';

type Upstream = Awaited<ReturnType<typeof startUpstream>>;

/** A copy of the rewards service: answers who it is, its readiness as told, and counts what it got. */
const startCopy = async (name: string) => {
  const state = { ready: true, got: [] as string[] };
  const upstream = await startUpstream(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/api/rewards/ready') {
      res.writeHead(state.ready ? 200 : 503, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const body = await readBody(req);
    state.got.push(`${req.method} ${req.url} ${body}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ copy: name }));
  });
  return { upstream, state };
};

const open: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close().catch(() => undefined)));
});

const gatewayOver = async (copies: Upstream[]) => {
  const gateway = await startGateway(testConfig('http://127.0.0.1:9', { services: { rewards: copies.map((c) => c.url) } }), { probeEveryMs: 20 });
  open.push(gateway, ...copies);
  return gateway.url;
};

const whoAnswers = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(`${url}/api/rewards/thing`, init);
  expect(res.status).toBe(200);
  return ((await res.json()) as { copy: string }).copy;
};

const post = { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, body: '{"n":1}' };

describe('a service with several copies behind the gateway', () => {
  it('spreads requests over its copies', async () => {
    const [a, b] = await Promise.all([startCopy('a'), startCopy('b')]);
    const url = await gatewayOver([a.upstream, b.upstream]);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await whoAnswers(url));
    expect(answers.filter((x) => x === 'a')).toHaveLength(5);
    expect(answers.filter((x) => x === 'b')).toHaveLength(5);
  });

  it('stops sending to a copy that died at once, a write included, and uses it again once it is back', async () => {
    const [a, b] = await Promise.all([startCopy('a'), startCopy('b')]);
    const url = await gatewayOver([a.upstream, b.upstream]);
    await a.upstream.close();
    // Every request is answered, the first ones included (refused by the dead copy, sent to the other).
    for (let i = 0; i < 6; i++) expect(await whoAnswers(url, post)).toBe('b');
    expect(b.state.got.filter((line) => line.startsWith('POST'))).toHaveLength(6);

    // The supervisor restarts it on the same port.
    const port = Number(new URL(a.upstream.url).port);
    const back = await startUpstream((req, res) => {
      if (req.url === '/api/rewards/ready') return void res.writeHead(200).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ copy: 'a again' }));
    });
    await back.close();
    await new Promise<void>((resolve) => back.server.listen(port, '127.0.0.1', resolve));
    open.push(back);
    await eventually(async () => expect(await whoAnswers(url)).toBe('a again'), 3_000);
  });

  it('sends no new request to a copy whose readiness answers 503 (it drains), and takes it back when ready', async () => {
    const [a, b] = await Promise.all([startCopy('a'), startCopy('b')]);
    const url = await gatewayOver([a.upstream, b.upstream]);
    a.state.ready = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = a.state.got.length;
    for (let i = 0; i < 6; i++) expect(await whoAnswers(url)).toBe('b');
    expect(a.state.got).toHaveLength(before);
    a.state.ready = true;
    await eventually(async () => expect(await whoAnswers(url)).toBe('a'), 3_000);
  });

  it('answers 502 when every copy is down', async () => {
    const [a, b] = await Promise.all([startCopy('a'), startCopy('b')]);
    const url = await gatewayOver([a.upstream, b.upstream]);
    await Promise.all([a.upstream.close(), b.upstream.close()]);
    const res = await fetch(`${url}/api/rewards/thing`, post);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
  });

  it('does not send a write again when its connection dropped before the answer (the copy may have acted on it)', async () => {
    let writes = 0;
    const dropping = await startUpstream((req) => {
      if (req.url === '/api/rewards/ready') return;
      writes += 1;
      req.socket.destroy();
    });
    const [b] = await Promise.all([startCopy('b')]);
    const url = await gatewayOver([dropping, b.upstream]);
    // Round-robin starts at the second copy: one request to b first, so the write meets the dropping copy.
    expect(await whoAnswers(url)).toBe('b');
    const res = await fetch(`${url}/api/rewards/thing`, post);
    expect(res.status).toBe(502);
    expect(writes).toBe(1);
    expect(b.state.got.filter((line) => line.startsWith('POST'))).toHaveLength(0);
  });
});

describe('closing the copies', () => {
  it('may happen twice (SIGINT to the group, then SIGTERM from the launcher)', async () => {
    const copies = new ServiceCopies('rewards', ['http://127.0.0.1:9', 'http://127.0.0.1:10']);
    await Promise.all([copies.close(), copies.close()]);
    await expect(copies.close()).resolves.toBeUndefined();
  });
});
