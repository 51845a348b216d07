import { describe, expect, it } from 'vitest';
import { AbiError, decodeForDisplay, decodeLog, encodeCall, eventTopicOf, revertReason, signatureOf } from './abi';

// Values checked against real contracts live in run.test.ts; here, what a contract cannot easily send.
describe('the ABI coder', () => {
  it('spells signatures the way selectors are made', () => {
    const point = {
      name: 'p',
      type: 'tuple[]',
      components: [
        { name: 'x', type: 'uint256' },
        { name: 'tag', type: 'string' },
      ],
    };
    expect(signatureOf('f', [{ name: 'a', type: 'address' }, point])).toBe('f(address,(uint256,string)[])');
  });

  it('encodes an ERC-20 transfer as every wallet does', () => {
    const data = encodeCall(
      '0xa9059cbb',
      [
        { name: 'to', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
      ['0x000000000000000000000000000000000000dEaD', '0x10'],
    );
    expect(Buffer.from(data).toString('hex')).toBe(`a9059cbb${'0'.repeat(24)}000000000000000000000000000000000000dead${'0'.repeat(62)}10`);
  });

  it('refuses values that do not fit, naming the argument', () => {
    const uint8 = [{ name: 'n', type: 'uint8' }];
    expect(() => encodeCall('0x00000000', uint8, ['256'])).toThrow(new AbiError('Argument 1 (uint8 n): out of range for uint8 (0 to 255)'));
    expect(() => encodeCall('0x00000000', [{ name: 'h', type: 'bytes4' }], ['0x0102'])).toThrow(/exactly 4 bytes/);
    expect(() => encodeCall('0x00000000', [{ name: 'xs', type: 'uint256[2]' }], ['["1"]'])).toThrow(/expected 2 items/);
    expect(() => encodeCall('0x00000000', [{ name: 'xs', type: 'uint256[]' }], ['[1e30]'])).toThrow(/write large numbers as strings/);
  });

  it('gives up on data that lies about its lengths instead of reading past it or looping', () => {
    const word = (n: bigint) => n.toString(16).padStart(64, '0');
    const hostile = Buffer.from(word(32n) + word(2n ** 200n), 'hex');
    expect(decodeForDisplay([{ name: 'xs', type: 'uint256[]' }], hostile)).toBeNull();
    expect(decodeForDisplay([{ name: 's', type: 'string' }], hostile)).toBeNull();
    expect(decodeForDisplay([{ name: 'x', type: 'uint256' }], new Uint8Array(31))).toBeNull();
  });

  it('reads a log by whichever event of its signature fits it', () => {
    const transfer = (indexedAmount: boolean) => ({
      type: 'event' as const,
      name: 'Transfer',
      inputs: [
        { name: 'from', type: 'address', indexed: true },
        { name: 'to', type: 'address', indexed: true },
        { name: indexedAmount ? 'tokenId' : 'value', type: 'uint256', indexed: indexedAmount },
      ],
    });
    const word = (n: number) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
    const topic0 = Buffer.from(eventTopicOf('Transfer(address,address,uint256)').slice(2), 'hex');
    // An ERC-721 Transfer (three indexed) read against ERC-20's (two indexed) and ERC-721's.
    const log = decodeLog([transfer(false), transfer(true)], [topic0, word(1), word(2), word(7)], new Uint8Array(0));
    expect(log?.args.map((a) => `${a.name}=${a.value}`)).toEqual([`from=0x${'0'.repeat(39)}1`, `to=0x${'0'.repeat(39)}2`, 'tokenId=7']);
  });

  it('cuts what no screen could show', () => {
    const long = 'x'.repeat(5_000);
    const encoded = encodeCall('0x08c379a0', [{ name: 'message', type: 'string' }], [long]).subarray(4);
    expect(decodeForDisplay([{ name: 'message', type: 'string' }], encoded)![0]!.value).toBe(`${'x'.repeat(2_000)}…`);
    expect(revertReason(encodeCall('0x08c379a0', [{ name: 'message', type: 'string' }], [long]), [])).toHaveLength(2_001);
  });

  it('shows revert data it cannot read as hex', () => {
    expect(revertReason(new Uint8Array(0), [])).toBe('reverted without a reason');
    expect(revertReason(Uint8Array.from([0xde, 0xad, 0xbe, 0xef]), [])).toBe('reverted with data 0xdeadbeef');
    // Error(string) whose string runs past the data.
    expect(revertReason(Buffer.from(`08c379a0${'0'.repeat(62)}20${'0'.repeat(62)}ff`, 'hex'), [])).toMatch(/^reverted with data 0x08c379a0/);
  });
});
