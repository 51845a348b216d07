import { Common, createCustomCommon, Hardfork, Mainnet, Sepolia } from '@ethereumjs/common';
import type { Network } from '@starforge/contracts/rewards';

/** The EVM a product network stands for: its chain id (the CHAINID opcode) and the hardfork whose rules run. */
export interface NetworkProfile {
  chainId: number;
  /** @ethereumjs/common's name, also solc's `evmVersion`: the two must agree or the compiler emits opcodes the EVM lacks. */
  hardfork: 'prague' | 'osaka';
}

/**
 * Ethereum and Sepolia run Osaka (Fusaka: mainnet since December 2025, Sepolia since October 2025).
 * The rollups and Polygon PoS took Prague's EVM (Pectra) and are modelled at it: none of their
 * differences from Ethereum's EVM (precompiles of their own, L1 fees) shows in a contract's
 * execution gas. Chain ids are the real ones, so `block.chainid` reads as on the network.
 */
export const NETWORK_PROFILES: Record<Network, NetworkProfile> = {
  ethereum: { chainId: 1, hardfork: 'osaka' },
  sepolia: { chainId: 11_155_111, hardfork: 'osaka' },
  polygon: { chainId: 137, hardfork: 'prague' },
  arbitrum: { chainId: 42_161, hardfork: 'prague' },
  optimism: { chainId: 10, hardfork: 'prague' },
};

const hardforks = { prague: Hardfork.Prague, osaka: Hardfork.Osaka } as const;

/** A fresh @ethereumjs Common for the network (Common is mutable, so never shared between runs). */
export const commonFor = (network: Network): Common => {
  const { chainId, hardfork } = NETWORK_PROFILES[network];
  if (network === 'ethereum') return new Common({ chain: Mainnet, hardfork: hardforks[hardfork] });
  if (network === 'sepolia') return new Common({ chain: Sepolia, hardfork: hardforks[hardfork] });
  return createCustomCommon({ chainId, name: network }, Mainnet, { hardfork: hardforks[hardfork] });
};
