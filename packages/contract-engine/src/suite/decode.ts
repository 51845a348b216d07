import { hexToBytes } from '@noble/hashes/utils.js';
import type { AbiValue } from '@starforge/contracts/rewards';
import { type AbiEntry, type AbiParam, decodeForDisplay, eventTopicOf, revertReason, signatureOf } from '../abi';
import type { ContractInfo } from './artifacts';

interface KnownFunction {
  contract: string;
  signature: string;
  inputs: AbiParam[];
}

/** The compiled contracts' functions and errors, to name calls and decode their data. */
export interface Decoder {
  /** The function EDR decoded a call of, by its contract, name and arguments as text (they tell overloads apart). */
  byName(contract: string | null, name: string, args: string[]): KnownFunction | null;
  bySelector(selector: string): KnownFunction | null;
  /** The arguments of `calldata` (selector first) as the function's ABI reads them; null when they do not fit. */
  args(fn: KnownFunction, calldata: string): AbiValue[] | null;
  reason(data: string): string;
}

const bytesOf = (hex: string) => hexToBytes(hex.replace(/^0x/, '').slice(0, hex.length - (hex.length % 2)));

/**
 * Whether EDR's text of a value can be of `type`: enough to tell `assertEq(uint256,uint256)` from
 * `assertEq(bytes32[],bytes32[])` when a trace names only the function.
 */
const fits = (type: string, text: string): boolean => {
  const t = text.trim();
  if (type.endsWith(']') || type.startsWith('tuple')) return t.startsWith('[') || t.startsWith('(');
  if (type === 'bool') return t === 'true' || t === 'false';
  if (type === 'string') return t.startsWith('"');
  if (type === 'address') return /^0x[0-9a-fA-F]{40}$/.test(t);
  if (type.startsWith('bytes')) return t.startsWith('0x');
  if (type.startsWith('uint')) return /^\d/.test(t);
  if (type.startsWith('int')) return /^-?\d/.test(t);
  return true;
};

/** `source:Name` or `Name` to `Name`. */
export const shortName = (name: string) => name.slice(name.lastIndexOf(':') + 1);

export const createDecoder = (contracts: ContractInfo[]): Decoder => {
  const functions: KnownFunction[] = [];
  const errors: AbiEntry[] = [];
  for (const contract of contracts) {
    for (const entry of contract.abi) {
      if (entry.type === 'error') errors.push(entry);
      if (entry.type === 'function' && entry.name)
        functions.push({ contract: contract.name, signature: signatureOf(entry.name, entry.inputs), inputs: entry.inputs ?? [] });
    }
  }
  const selectors = new Map<string, KnownFunction>();
  for (const fn of functions) {
    const selector = eventTopicOf(fn.signature).slice(0, 10);
    if (!selectors.has(selector)) selectors.set(selector, fn);
  }
  const named = (fn: KnownFunction, name: string, args: string[]) =>
    fn.signature.startsWith(`${name}(`) && fn.inputs.length === args.length && fn.inputs.every((p, i) => fits(p.type, args[i]!));
  return {
    byName: (contract, name, args) =>
      functions.find((fn) => fn.contract === contract && named(fn, name, args)) ?? functions.find((fn) => named(fn, name, args)) ?? null,
    bySelector: (selector) => selectors.get(selector.toLowerCase()) ?? null,
    args: (fn, calldata) => decodeForDisplay(fn.inputs, bytesOf(calldata).subarray(4)),
    reason: (data) => revertReason(bytesOf(data), errors),
  };
};
