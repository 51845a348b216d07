import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTimeoutError, BodyTooLargeError, ClientLeftError, readIncoming } from './node-body';

/** A stand-in for Node's request: a stream with IncomingMessage's `complete` flag. */
const request = () => {
  const stream = new PassThrough() as PassThrough & { complete: boolean };
  stream.complete = false;
  stream.on('end', () => {
    stream.complete = true;
  });
  return { stream, incoming: stream as unknown as IncomingMessage };
};

describe('readIncoming', () => {
  it('reads a body sent in pieces, whole', async () => {
    const { stream, incoming } = request();
    const read = readIncoming(incoming, 10);
    stream.write('héllo');
    stream.end(' !');
    expect((await read).toString('utf8')).toBe('héllo !');
  });

  it('refuses a body as soon as it passes the limit', async () => {
    const { stream, incoming } = request();
    const read = readIncoming(incoming, 4);
    stream.write('abc');
    stream.write('de');
    await expect(read).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('fails when the client leaves before the end of its body', async () => {
    const { stream, incoming } = request();
    const read = readIncoming(incoming, 100);
    stream.write('half');
    stream.destroy();
    await expect(read).rejects.toBeInstanceOf(ClientLeftError);
    await expect(read).rejects.toThrow('the client left while sending its body (after 4 bytes)');
  });

  it('refuses a body that stalls longer than the idle timeout', async () => {
    const { stream, incoming } = request();
    const read = readIncoming(incoming, 100, { idleTimeoutMs: 50 });
    stream.write('ab');
    await new Promise((resolve) => setTimeout(resolve, 30));
    stream.write('cd'); // each piece starts the wait again
    await expect(read).rejects.toBeInstanceOf(BodyTimeoutError);
  });
});
