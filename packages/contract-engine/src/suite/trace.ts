import type { TraceFrame } from '@starforge/contracts/rewards';
import { clip } from '../abi';
import type { Decoder } from './decode';
import type { ChildFrame } from './protocol';

const KINDS = ['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE'];
const CREATE = 4;

/** EDR decodes a halt's output as text such as `EvmError: OutOfGas`: the frame stopped rather than reverted. */
const HALTED = /^EvmError:/;

/** EDR colours parts of its decoded values for a terminal: ESC [ … m. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (text: string) => text.replace(ANSI_COLOUR, '');

const functionOf = (frame: ChildFrame, decoder: Decoder): { function: string; args: string } => {
  if (frame.kind === CREATE) return { function: 'constructor', args: '' };
  if (frame.name !== null) {
    const args = frame.args ?? [];
    const known = decoder.byName(frame.contract, frame.name, args);
    return { function: known?.signature ?? `${frame.name}(…)`, args: clip(plain(args.join(', '))) };
  }
  const input = frame.input ?? '0x';
  const known = decoder.bySelector(input.slice(0, 10));
  const values = known ? decoder.args(known, input) : null;
  if (known && values) return { function: known.signature, args: clip(values.map((v) => v.value).join(', ')) };
  return { function: input.length >= 10 ? input.slice(0, 10) : 'fallback()', args: clip(input) };
};

const outputOf = (frame: ChildFrame, decoder: Decoder): string => {
  if (frame.output !== null) return clip(plain(frame.output));
  const data = frame.outputHex ?? '0x';
  if (!frame.success) return decoder.reason(data);
  return data === '0x' ? '' : clip(data);
};

const flatten = (frame: ChildFrame, depth: number, decoder: Decoder, out: TraceFrame[]) => {
  const output = outputOf(frame, decoder);
  out.push({
    depth,
    kind: KINDS[frame.kind] ?? String(frame.kind),
    contract: frame.cheatcode ? 'vm' : (frame.contract ?? frame.address),
    ...functionOf(frame, decoder),
    gas_used: frame.gas,
    ...(frame.value !== '0' ? { value: frame.value } : {}),
    outcome: frame.success ? 'returned' : HALTED.test(output) ? 'stopped' : 'reverted',
    output,
  });
  for (const child of frame.children) flatten(child, depth + 1, decoder, out);
};

/**
 * A test's call trace a person can read: the test's own call at depth 0 (the setUp root left out),
 * then every call it made, depth first, each with its contract and function names, decoded
 * arguments, gas, and what it returned or why it reverted.
 */
export const traceOf = (roots: ChildFrame[], decoder: Decoder): TraceFrame[] => {
  const out: TraceFrame[] = [];
  for (const root of roots) if (root.name !== 'setUp') flatten(root, 0, decoder, out);
  return out;
};
