import { createEVM, type EVM, getActivePrecompiles, type Log } from '@ethereumjs/evm';
import { Account, type Address, createAddressFromString, createZeroAddress } from '@ethereumjs/util';
import { CONTRACT_CALL_GAS_LIMIT, type Network } from '@starforge/contracts/rewards';
import { commonFor } from './networks';

/** Who deploys and calls: Foundry's default sender, so a test that logs msg.sender reads as it would there. */
export const SENDER = createAddressFromString('0x1804c8ab1f12e6bbf3894d4083f33e07309d1f38');

/** What the sender and the deployed contract hold, so tests can move ether (Foundry's test contract holds ether too). */
const STARTING_BALANCE = 1_000n * 10n ** 18n;

export interface CallResult {
  /** The EVM's `executionGasUsed`. */
  gasUsed: number;
  /** The EVM's error ('revert', 'out of gas', 'invalid opcode', …) when the call failed. */
  error: string | null;
  /** Return data, or the revert data when it reverted. */
  returnValue: Uint8Array;
  logs: Log[];
  createdAddress: Address | null;
  /** Wall time of the EVM's work on the call. */
  ms: number;
}

/** Every call's block: fixed, so gas and results repeat from run to run. */
export const BLOCK = {
  header: {
    number: 1n,
    coinbase: createZeroAddress(),
    // 2026-01-01T00:00:00Z: a contract that reads block.timestamp sees the same time on every run.
    timestamp: 1_767_225_600n,
    difficulty: 0n,
    prevRandao: new Uint8Array(32).fill(7),
    gasLimit: 30_000_000n,
    baseFeePerGas: 0n,
    slotNumber: 0n,
    getBlobGasPrice: () => undefined,
  },
};

/**
 * One private chain in memory for one run: a fresh @ethereumjs EVM on the network's rules, the
 * sender funded, every call in BLOCK. Every call is priced as its own transaction: the journal's
 * warm addresses and slots and the transient storage are cleared first, and the sender, the
 * callee, the precompiles and the coinbase start warm (EIP-2929, EIP-3651), as in a block; the
 * 21,000 base and calldata are not in `gasUsed`.
 */
export const createChain = async (network: Network) => {
  const common = commonFor(network);
  const evm: EVM = await createEVM({ common });
  await evm.stateManager.putAccount(SENDER, new Account(0n, STARTING_BALANCE));
  const precompiles = [...getActivePrecompiles(common).keys()];

  const call = async (to: Address | null, data: Uint8Array): Promise<CallResult> => {
    await evm.journal.cleanup();
    evm.transientStorage.clear();
    for (const address of [SENDER.toString(), BLOCK.header.coinbase.toString(), ...precompiles, ...(to ? [to.toString()] : [])]) {
      evm.journal.addAlwaysWarmAddress(address);
    }
    const started = performance.now();
    const result = await evm.runCall({
      caller: SENDER,
      origin: SENDER,
      ...(to ? { to } : {}),
      data,
      gasLimit: BigInt(CONTRACT_CALL_GAS_LIMIT),
      block: BLOCK,
    });
    const ms = performance.now() - started;
    const { execResult } = result;
    return {
      gasUsed: Number(execResult.executionGasUsed),
      error: execResult.exceptionError?.error ?? null,
      returnValue: execResult.returnValue,
      logs: execResult.logs ?? [],
      createdAddress: result.createdAddress ?? null,
      ms,
    };
  };

  return {
    /** Deploys creation code; the new contract is given ether like the sender. */
    deploy: async (bytecode: Uint8Array): Promise<CallResult> => {
      const result = await call(null, bytecode);
      if (!result.error && result.createdAddress) {
        const account = (await evm.stateManager.getAccount(result.createdAddress)) ?? new Account();
        account.balance += STARTING_BALANCE;
        await evm.stateManager.putAccount(result.createdAddress, account);
      }
      return result;
    },
    call: (to: Address, data: Uint8Array) => call(to, data),
    /** Runs `work` and then puts the state back as it was: each test starts from the state after setUp. */
    isolated: async <T>(work: () => Promise<T>): Promise<T> => {
      await evm.stateManager.checkpoint();
      try {
        return await work();
      } finally {
        await evm.stateManager.revert();
      }
    },
  };
};

export type Chain = Awaited<ReturnType<typeof createChain>>;
