import { hexToBytes } from '@noble/hashes/utils.js';
import type { AbiValue } from '@starforge/contracts';
import { type AbiEntry, type AbiParam, decodeForDisplay, eventTopicOf, revertReason, signatureOf } from '../abi';
import type { ContractInfo } from './artifacts';

interface KnownFunction {
  contract: string;
  signature: string;
  inputs: AbiParam[];
}

/** The compiled contracts' functions and errors, to name calls and decode their data. */
export interface Decoder {
  byName(contract: string | null, name: string, argCount: number): KnownFunction | null;
  bySelector(selector: string): KnownFunction | null;
  /** The arguments of `calldata` (selector first) as the function's ABI reads them; null when they do not fit. */
  args(fn: KnownFunction, calldata: string): AbiValue[] | null;
  reason(data: string): string;
}

const bytesOf = (hex: string) => hexToBytes(hex.replace(/^0x/, '').slice(0, hex.length - (hex.length % 2)));

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
  const named = (fn: KnownFunction, name: string, argCount: number) => fn.signature.startsWith(`${name}(`) && fn.inputs.length === argCount;
  return {
    byName: (contract, name, argCount) =>
      functions.find((fn) => fn.contract === contract && named(fn, name, argCount)) ?? functions.find((fn) => named(fn, name, argCount)) ?? null,
    bySelector: (selector) => selectors.get(selector.toLowerCase()) ?? null,
    args: (fn, calldata) => decodeForDisplay(fn.inputs, bytesOf(calldata).subarray(4)),
    reason: (data) => revertReason(bytesOf(data), errors),
  };
};
