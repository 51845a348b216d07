import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTimeoutError, BodyTooLargeError, ClientLeftError, readIncoming } from './node-body';

/** A stand-in for Node's request: a stream with IncomingMessage's `complete` flag. */
const request = (headers: Record<string, string> = {}) => {
  const stream = new PassThrough() as PassThrough & { complete: boolean; headers: Record<string, string> };
  stream.complete = false;
  stream.headers = headers;
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

  it('copies the pieces of a body with a Content-Length into one buffer of that size, and reads one that says less than it sends', async () => {
    const declared = request({ 'content-length': '8' });
    const read = readIncoming(declared.incoming, 10);
    declared.stream.write('héllo');
    declared.stream.end(' !');
    const body = await read;
    expect([body.toString('utf8'), body.length]).toEqual(['héllo !', 8]);
    // A stand-in that breaks HTTP (Node's parser never passes more than the Content-Length) still reads whole.
    const lying = request({ 'content-length': '3' });
    const whole = readIncoming(lying.incoming, 10);
    lying.stream.write('abc');
    lying.stream.end('def');
    expect((await whole).toString()).toBe('abcdef');
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
