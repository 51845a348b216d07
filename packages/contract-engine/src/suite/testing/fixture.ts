import { createRequire } from 'node:module';
import type { CompiledSuite } from '../compile';

/**
 * Compiles test fixtures with solc-js directly, as the product's compile step will (standard JSON,
 * optimizer off), with a Test base just large enough for them (the product's own forge-std is
 * another part of issue 27).
 */

const TEST_BASE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
interface Vm {
  function prank(address) external;
  function expectRevert(bytes calldata) external;
  function envString(string calldata) external view returns (string memory);
  function envOr(string calldata, string calldata) external view returns (string memory);
  function readFile(string calldata) external view returns (string memory);
  function ffi(string[] calldata) external returns (bytes memory);
  function createSelectFork(string calldata) external returns (uint256);
  function assertEq(bytes32[] calldata, bytes32[] calldata) external pure;
  function assertEq(uint256, uint256) external pure;
}
library console {
  address constant CONSOLE = 0x000000000000000000636F6e736F6c652e6c6f67;
  function log(string memory s) internal view { (bool ok, ) = CONSOLE.staticcall(abi.encodeWithSignature("log(string)", s)); ok; }
  function log(string memory s, uint256 v) internal view { (bool ok, ) = CONSOLE.staticcall(abi.encodeWithSignature("log(string,uint256)", s, v)); ok; }
}
abstract contract Test {
  Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
  function assertEq(uint256 a, uint256 b) internal pure {
    if (a != b) revert(string.concat("assertion failed: ", _text(a), " != ", _text(b)));
  }
  function _text(uint256 v) private pure returns (string memory s) {
    if (v == 0) return "0";
    while (v > 0) { s = string.concat(string(abi.encodePacked(bytes1(uint8(48 + (v % 10))))), s); v /= 10; }
  }
}
`;

interface Solc {
  version(): string;
  compile(input: string): string;
}

export const compileFixture = (sources: Record<string, string>, evmVersion = 'prague'): CompiledSuite => {
  const solc = createRequire(import.meta.url)('solc') as Solc;
  const started = performance.now();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries({ 'forge-std/Test.sol': TEST_BASE, ...sources }).map(([name, content]) => [name, { content }])),
    settings: {
      evmVersion,
      optimizer: { enabled: false, runs: 200 },
      outputSelection: { '*': { '': ['ast'], '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as { errors?: { severity: string; formattedMessage: string }[] };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return { solcVersion: solc.version(), evmVersion, input, output, errors: [], warnings: [], cached: false, compileMs: performance.now() - started };
};
