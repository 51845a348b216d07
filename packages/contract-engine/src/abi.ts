import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { AbiValue as ShownValue } from '@starforge/contracts/rewards';

/**
 * The contract ABI coder the engine needs, and no more: encode the user's arguments (typed as
 * text), decode return data, logs and revert data. Every value read from the EVM is bounds
 * checked, since the bytes come from the user's contract. Written here rather than taken from a
 * library because the engine must anyway parse text and show values per ABI type in both
 * directions; what remains, the head/tail layout, is short and tested through real contracts.
 */

/** A parameter of a function, event or error in solc's JSON ABI. */
export interface AbiParam {
  name: string;
  type: string;
  components?: AbiParam[];
  indexed?: boolean;
}

export interface AbiEntry {
  type: 'function' | 'constructor' | 'event' | 'error' | 'fallback' | 'receive';
  name?: string;
  inputs?: AbiParam[];
  outputs?: AbiParam[];
  stateMutability?: string;
  anonymous?: boolean;
}

type Value = bigint | boolean | string | Uint8Array | Value[];

/** The user's argument (or a value read back) does not fit its ABI type; the message says why. */
export class AbiError extends Error {}

const WORD = 32;
const TWO_256 = 1n << 256n;

const arrayOf = (p: AbiParam): { element: AbiParam; length: number | null } | null => {
  const match = /^(.*)\[(\d*)\]$/.exec(p.type);
  if (!match) return null;
  return { element: { ...p, type: match[1]! }, length: match[2] === '' ? null : Number(match[2]) };
};

const isDynamic = (p: AbiParam): boolean => {
  const array = arrayOf(p);
  if (array) return array.length === null || isDynamic(array.element);
  if (p.type === 'tuple') return (p.components ?? []).some(isDynamic);
  return p.type === 'string' || p.type === 'bytes';
};

const headSize = (p: AbiParam): number => {
  if (isDynamic(p)) return WORD;
  const array = arrayOf(p);
  if (array) return (array.length ?? 0) * headSize(array.element);
  if (p.type === 'tuple') return (p.components ?? []).reduce((sum, c) => sum + headSize(c), 0);
  return WORD;
};

/** The type as it stands in a signature: tuples spelled out, `(uint256,string)[]`. */
const canonicalType = (p: AbiParam): string =>
  p.type.startsWith('tuple') ? `(${(p.components ?? []).map(canonicalType).join(',')})${p.type.slice('tuple'.length)}` : p.type;

export const signatureOf = (name: string, inputs: AbiParam[] = []) => `${name}(${inputs.map(canonicalType).join(',')})`;

/** An event's topic 0: the keccak-256 hash of its signature. */
export const eventTopicOf = (signature: string): string => `0x${bytesToHex(keccak_256(new TextEncoder().encode(signature)))}`;

/** A function's or an error's selector: the first 4 bytes of that hash. */
const selectorOf = (signature: string): string => eventTopicOf(signature).slice(0, 10);

// ---- encoding ----

const word = (n: bigint): Uint8Array => hexToBytes(((n + TWO_256) % TWO_256).toString(16).padStart(64, '0'));

const padRight = (bytes: Uint8Array): Uint8Array => {
  const out = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD);
  out.set(bytes);
  return out;
};

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const encodeParams = (params: AbiParam[], values: Value[]): Uint8Array => {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailOffset = params.reduce((sum, p) => sum + headSize(p), 0);
  params.forEach((p, i) => {
    const encoded = encodeValue(p, values[i]!);
    if (isDynamic(p)) {
      heads.push(word(BigInt(tailOffset)));
      tails.push(encoded);
      tailOffset += encoded.length;
    } else heads.push(encoded);
  });
  return concat([...heads, ...tails]);
};

const encodeValue = (p: AbiParam, value: Value): Uint8Array => {
  const array = arrayOf(p);
  if (array) {
    const items = value as Value[];
    const body = encodeParams(
      items.map(() => array.element),
      items,
    );
    return array.length === null ? concat([word(BigInt(items.length)), body]) : body;
  }
  if (p.type === 'tuple') return encodeParams(p.components ?? [], value as Value[]);
  if (p.type === 'string' || p.type === 'bytes') {
    const bytes = value as Uint8Array;
    return concat([word(BigInt(bytes.length)), padRight(bytes)]);
  }
  if (p.type === 'bool') return word(value ? 1n : 0n);
  if (p.type === 'address') return word(BigInt(value as string));
  if (p.type.startsWith('bytes')) return padRight(value as Uint8Array);
  return word(value as bigint);
};

// ---- decoding ----

const readWord = (data: Uint8Array, at: number): bigint => {
  if (at < 0 || at + WORD > data.length) throw new AbiError('The data is shorter than its types say.');
  return BigInt(`0x${bytesToHex(data.subarray(at, at + WORD))}`);
};

const readOffset = (data: Uint8Array, at: number): number => {
  const n = readWord(data, at);
  if (n > BigInt(data.length)) throw new AbiError('An offset or length points past the end of the data.');
  return Number(n);
};

const decodeParams = (params: AbiParam[], data: Uint8Array, base: number): Value[] => {
  let at = base;
  return params.map((p) => {
    const value = isDynamic(p) ? decodeValue(p, data, base + readOffset(data, at)) : decodeValue(p, data, at);
    at += headSize(p);
    return value;
  });
};

const bitsOf = (type: string, prefix: string) => Number(type.slice(prefix.length) || 256);

const decodeValue = (p: AbiParam, data: Uint8Array, at: number): Value => {
  const array = arrayOf(p);
  if (array) {
    const length = array.length ?? readOffset(data, at);
    // Each item takes at least one word: a length the data cannot hold is refused before any loop.
    if (length * WORD > data.length) throw new AbiError('An array is longer than the data.');
    return decodeParams(Array<AbiParam>(length).fill(array.element), data, array.length === null ? at + WORD : at);
  }
  if (p.type === 'tuple') return decodeParams(p.components ?? [], data, at);
  if (p.type === 'string' || p.type === 'bytes') {
    const length = readOffset(data, at);
    if (at + WORD + length > data.length) throw new AbiError('A string or bytes value runs past the end of the data.');
    const bytes = data.slice(at + WORD, at + WORD + length);
    return p.type === 'string' ? new TextDecoder().decode(bytes) : bytes;
  }
  const n = readWord(data, at);
  if (p.type === 'bool') return n !== 0n;
  if (p.type === 'address') return `0x${n.toString(16).padStart(64, '0').slice(24)}`;
  if (p.type.startsWith('bytes')) return data.slice(at, at + Number(p.type.slice(5)));
  if (p.type.startsWith('int')) {
    const bits = bitsOf(p.type, 'int');
    const unsigned = n % (1n << BigInt(bits));
    return unsigned >= 1n << BigInt(bits - 1) ? unsigned - (1n << BigInt(bits)) : unsigned;
  }
  return n;
};

// ---- text in, text out ----

const scalarFromText = (p: AbiParam, text: string): Value => {
  const t = text.trim();
  if (p.type === 'string') return new TextEncoder().encode(text);
  if (p.type === 'bool') {
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    throw new AbiError('expected true or false');
  }
  if (p.type === 'address') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(t)) throw new AbiError('expected an address: 0x and 40 hex digits');
    return t.toLowerCase();
  }
  if (p.type.startsWith('bytes')) {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(t)) throw new AbiError('expected 0x and hex digits, two for each byte');
    const bytes = hexToBytes(t.slice(2));
    const size = p.type === 'bytes' ? null : Number(p.type.slice(5));
    if (size !== null && bytes.length !== size) throw new AbiError(`expected exactly ${size} bytes (${size * 2} hex digits)`);
    return bytes;
  }
  const signed = p.type.startsWith('int');
  if (!signed && !p.type.startsWith('uint')) throw new AbiError(`the type ${p.type} is not supported`);
  if (!/^-?(\d+|0x[0-9a-fA-F]+)$/.test(t)) throw new AbiError('expected a whole number (decimal, or hex after 0x)');
  const negative = t.startsWith('-');
  const n = negative ? -BigInt(t.slice(1)) : BigInt(t);
  const bits = BigInt(bitsOf(p.type, signed ? 'int' : 'uint'));
  const [min, max] = signed ? [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n] : [0n, (1n << bits) - 1n];
  if (n < min || n > max) throw new AbiError(`out of range for ${p.type} (${min} to ${max})`);
  return n;
};

/** An item of a JSON array argument: strings as typed text, JSON numbers and booleans as their text. */
const fromJson = (p: AbiParam, item: unknown): Value => {
  const array = arrayOf(p);
  if (array || p.type === 'tuple') {
    if (!Array.isArray(item)) throw new AbiError(`expected a JSON array for ${canonicalType(p)}`);
    const params = array ? item.map(() => array.element) : (p.components ?? []);
    if (array?.length != null && item.length !== array.length) throw new AbiError(`expected ${array.length} items for ${canonicalType(p)}`);
    if (!array && item.length !== params.length) throw new AbiError(`expected ${params.length} items for ${canonicalType(p)}`);
    return params.map((param, i) => fromJson(param, item[i]));
  }
  if (typeof item === 'number' && !Number.isSafeInteger(item)) throw new AbiError('write large numbers as strings: "1000000000000000000000"');
  if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') return scalarFromText(p, String(item));
  throw new AbiError(`expected a value for ${p.type}`);
};

/**
 * Encodes a call: the selector, then the arguments, each typed as text the way a form gives it
 * (arrays and tuples as JSON arrays). Throws AbiError naming the argument that does not fit.
 */
export const encodeCall = (selector: string, inputs: AbiParam[], args: string[]): Uint8Array => {
  const values = inputs.map((p, i) => {
    const text = args[i]!;
    const label = `Argument ${i + 1} (${canonicalType(p)}${p.name ? ` ${p.name}` : ''})`;
    try {
      if (arrayOf(p) || p.type === 'tuple') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new AbiError(`expected a JSON array, e.g. ["1", "2"]`);
        }
        return fromJson(p, parsed);
      }
      return scalarFromText(p, text);
    } catch (e) {
      throw e instanceof AbiError ? new AbiError(`${label}: ${e.message}`) : e;
    }
  });
  return concat([hexToBytes(selector.slice(2)), encodeParams(inputs, values)]);
};

const plain = (v: Value): unknown => {
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Uint8Array) return `0x${bytesToHex(v)}`;
  if (Array.isArray(v)) return v.map(plain);
  return v;
};

const shown = (params: AbiParam[], values: Value[]): ShownValue[] =>
  params.map((p, i) => {
    const value = plain(values[i]!);
    return { name: p.name, type: canonicalType(p), value: clip(typeof value === 'string' ? value : JSON.stringify(value)) };
  });

/** Decodes `data` as `params` for display; null when it does not fit (the raw hex is shown instead). */
export const decodeForDisplay = (params: AbiParam[], data: Uint8Array): ShownValue[] | null => {
  try {
    return shown(params, decodeParams(params, data, 0));
  } catch (e) {
    if (e instanceof AbiError) return null;
    throw e;
  }
};

export const hex = (bytes: Uint8Array): string => `0x${bytesToHex(bytes)}`;

/**
 * A shown value, hex string or reason is cut at this many characters (and ends with …): a
 * contract can return or log megabytes within its gas, which no screen shows and no row should keep.
 */
const SHOWN_MAX_CHARS = 2_000;
export const clip = (text: string): string => (text.length > SHOWN_MAX_CHARS ? `${text.slice(0, SHOWN_MAX_CHARS)}…` : text);

/** One event's reading of a log, or null when the log does not fit it. */
const readLog = (event: AbiEntry & { name: string }, topics: Uint8Array[], data: Uint8Array): { name: string; args: ShownValue[] } | null => {
  const inputs = event.inputs ?? [];
  if (inputs.filter((p) => p.indexed).length !== topics.length - 1) return null;
  const plainValues = decodeForDisplay(
    inputs.filter((p) => !p.indexed),
    data,
  );
  if (!plainValues) return null;
  let nextTopic = 1;
  const args = inputs.map((p): ShownValue => {
    if (!p.indexed) return plainValues.shift()!;
    const topic = topics[nextTopic++]!;
    // An indexed string, bytes, array or tuple is logged as the keccak-256 hash of its value.
    if (isDynamic(p) || arrayOf(p) || p.type === 'tuple') return { name: p.name, type: canonicalType(p), value: `keccak256 ${hex(topic)}` };
    return decodeForDisplay([p], topic)![0]!;
  });
  return { name: event.name, args };
};

/**
 * A log as a name and values, when one of the compiled contracts declares its event. Events of
 * one signature may differ in what they index (ERC-20's and ERC-721's Transfer): each is tried.
 */
export const decodeLog = (events: AbiEntry[], topics: Uint8Array[], data: Uint8Array): { name: string; args: ShownValue[] } | null => {
  const topic0 = topics[0] ? hex(topics[0]) : null;
  for (const event of events) {
    if (event.anonymous || !event.name || eventTopicOf(signatureOf(event.name, event.inputs)) !== topic0) continue;
    const read = readLog({ ...event, name: event.name }, topics, data);
    if (read) return read;
  }
  return null;
};

const PANICS = new Map<number, string>([
  [0x00, 'generic compiler panic'],
  [0x01, 'assertion failed'],
  [0x11, 'arithmetic overflow or underflow'],
  [0x12, 'division or modulo by zero'],
  [0x21, 'invalid enum value'],
  [0x22, 'corrupted storage byte array'],
  [0x31, 'pop() on an empty array'],
  [0x32, 'array index out of bounds'],
  [0x41, 'too much memory allocated'],
  [0x51, 'call to a zero internal function'],
]);

/** Revert data in words: Error(string)'s message, a Panic's meaning, a custom error with its values, or the raw bytes. */
export const revertReason = (data: Uint8Array, errors: AbiEntry[]): string => {
  if (data.length === 0) return 'reverted without a reason';
  const selector = data.length >= 4 ? hex(data.subarray(0, 4)) : '';
  const body = data.subarray(4);
  if (selector === '0x08c379a0') {
    const message = decodeForDisplay([{ name: 'message', type: 'string' }], body);
    if (message) return message[0]!.value;
  }
  if (selector === '0x4e487b71') {
    const code = decodeForDisplay([{ name: 'code', type: 'uint256' }], body);
    if (code) {
      const n = Number(code[0]!.value);
      return `Panic 0x${n.toString(16).padStart(2, '0')}: ${PANICS.get(n) ?? 'unknown panic code'}`;
    }
  }
  for (const error of errors) {
    if (!error.name || selectorOf(signatureOf(error.name, error.inputs)) !== selector) continue;
    const values = decodeForDisplay(error.inputs ?? [], body);
    if (values) return clip(`${error.name}(${values.map((v) => v.value).join(', ')})`);
  }
  const raw = hex(data);
  return `reverted with data ${raw.length > 74 ? `${raw.slice(0, 74)}…` : raw}`;
};
