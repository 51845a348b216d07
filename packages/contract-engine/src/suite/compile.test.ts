import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompileCache } from './cache';
import { compileSuite } from './compile';

// Real solc: each compile takes 1-2 s, and several times that on a loaded machine.
const SLOW = { timeout: 120_000 };
const options = { evmVersion: 'prague', cache: null };

interface Output {
  contracts: Record<
    string,
    Record<
      string,
      { abi: { name?: string }[]; evm: Record<string, Record<string, unknown>> & { methodIdentifiers: Record<string, string> }; storageLayout: unknown }
    >
  >;
  sources: Record<string, { id: number; ast: { nodeType: string } }>;
}
interface Input {
  sources: Record<string, { content: string }>;
}

const token = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract Token is ERC20 {
    constructor() ERC20("Token", "TKN") {
        _mint(msg.sender, 1_000e18);
    }
}
`;

const actors = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Token} from "../../src/Token.sol";

library Actors {
    function supplyOf(Token token) internal view returns (uint256) {
        return token.totalSupply();
    }
}
`;

// Uses forge-std's surface as people write it, so that a missing or misspelled helper, overload
// or cheatcode is a compile error here.
const tokenTest = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, console, console2, stdError, Vm} from "forge-std/Test.sol";
import {console as hardhatStyle} from "forge-std/console.sol";
import {Token} from "../src/Token.sol";
import {Actors} from "./helpers/Actors.sol";

contract TokenTest is Test {
    Token token;
    address alice;

    function setUp() public {
        token = new Token();
        alice = makeAddr("alice");
        (address bob, uint256 bobKey) = makeAddrAndKey("bob");
        (address carol,) = makeAddrWithKey("carol");
        targetContract(address(token));
        excludeContract(address(this));
        targetSender(bob);
        targetSender(carol);
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = token.transfer.selector;
        targetSelector(FuzzSelector({addr: address(token), selectors: selectors}));
        assertEq(vm.addr(bobKey), bob);
    }

    function test_Assertions() public {
        assertTrue(true);
        assertTrue(true, "message");
        assertFalse(false);
        assertEq(Actors.supplyOf(token), 1_000e18);
        assertEq(uint256(1), 1, "uint");
        assertEq(int256(-1), -1);
        assertEq(alice, alice, "address");
        assertEq(bytes32(0), bytes32(0));
        assertEq(true, true);
        assertEq(string("a"), "a");
        assertEq(bytes("a"), bytes("a"), "bytes");
        assertNotEq(uint256(1), 2);
        assertNotEq(alice, address(0), "address");
        assertLt(uint256(1), 2);
        assertLe(int256(-1), 0, "int");
        assertGt(uint256(2), 1);
        assertGe(uint256(2), 2, "uint");
        assertApproxEqAbs(uint256(100), 101, 1);
        assertApproxEqAbs(int256(-100), -101, 1, "int");
        assertApproxEqRel(uint256(100), 101, 0.02e18);
        assertApproxEqRel(uint256(100), 101, 0.02e18, "rel");
        assertTrue(IS_TEST);
        assertFalse(failed());
    }

    function test_Cheats() public {
        deal(alice, 1 ether);
        deal(address(token), alice, 5e18);
        deal(address(token), alice, 6e18, true);
        hoax(alice);
        token.transfer(address(1), 1);
        hoax(alice, 2 ether);
        startHoax(alice);
        token.transfer(address(1), 1);
        vm.stopPrank();
        startHoax(alice, address(this), 1 ether);
        vm.stopPrank();
        skip(1 days);
        rewind(1 hours);
        vm.prank(alice);
        vm.startPrank(alice, alice);
        vm.stopPrank();
        vm.warp(1);
        vm.roll(2);
        vm.fee(3);
        vm.chainId(4);
        vm.store(address(token), bytes32(0), vm.load(address(token), bytes32(0)));
        vm.label(alice, "alice");
        vm.etch(address(5), vm.getCode("Token.sol:Token"));
        vm.expectRevert();
        vm.expectRevert(bytes4(0x12345678));
        vm.expectRevert(stdError.arithmeticError);
        vm.expectEmit();
        vm.expectEmit(true, true, false, true);
        vm.expectEmit(true, true, false, true, address(token));
        vm.expectCall(address(token), abi.encodeCall(token.totalSupply, ()));
        vm.mockCall(address(token), abi.encodeCall(token.totalSupply, ()), abi.encode(1));
        vm.clearMockedCalls();
        vm.recordLogs();
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 id = vm.snapshot();
        vm.revertTo(id);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(1, bytes32(0));
        vm.assume(v != 0 || r != s);
        string memory home = vm.envOr("HOME", string("none"));
        uint256 n = vm.envOr("N", uint256(1));
        vm.envString("HOME");
        vm.envUint("N");
        vm.envAddress("A");
        vm.envBool("B");
        vm.readFile("x");
        vm.writeFile("x", "y");
        string[] memory command = new string[](1);
        vm.ffi(command);
        vm.createSelectFork("mainnet");
        console.log("logs", logs.length, home, n);
        console.log(vm.toString(alice), vm.toString(uint256(1)), vm.toString(true));
        console.log("int", int256(-1));
        console2.log(alice, true, uint256(1), "four");
        hardhatStyle.logBytes32(bytes32(0));
    }

    function testFuzz_Bound(uint256 x, int256 y) public pure {
        assertLe(bound(x, 1, 10), 10);
        assertGe(bound(y, -5, 5), -5);
    }

    function invariant_Supply() public view {
        assertEq(token.totalSupply(), 1_000e18);
    }
}
`;

const suite = [
  { name: 'src/Token.sol', content: token },
  { name: 'test/Token.t.sol', content: tokenTest },
  { name: 'test/helpers/Actors.sol', content: actors },
];

describe('compileSuite', () => {
  it('compiles a suite of three files importing forge-std (Test, console), OpenZeppelin ERC20 and each other, with what EDR needs', SLOW, async () => {
    const compiled = await compileSuite(suite, options);
    expect(compiled.errors).toEqual([]);
    expect(compiled.warnings.filter((w) => w.file !== 'test/Token.t.sol')).toEqual([]);
    expect(compiled.solcVersion).toMatch(/^0\.8\.37\+commit\./);
    expect(compiled.cached).toBe(false);

    const input = compiled.input as Input;
    expect(Object.keys(input.sources)).toEqual([...Object.keys(input.sources)].sort());
    expect(Object.keys(input.sources)).toEqual(
      expect.arrayContaining([
        'src/Token.sol',
        'test/Token.t.sol',
        'test/helpers/Actors.sol',
        'forge-std/Test.sol',
        'forge-std/Vm.sol',
        'forge-std/console.sol',
        'forge-std/console2.sol',
        '@openzeppelin/contracts/token/ERC20/ERC20.sol',
        '@openzeppelin/contracts/token/ERC20/IERC20.sol',
      ]),
    );
    expect(input.sources['test/Token.t.sol']!.content).toBe(tokenTest);

    const output = compiled.output as Output;
    const test = output.contracts['test/Token.t.sol']!.TokenTest!;
    for (const part of ['bytecode', 'deployedBytecode'])
      for (const field of ['object', 'sourceMap', 'linkReferences', 'opcodes']) expect(test.evm[part]![field], `${part}.${field}`).toBeDefined();
    expect(test.evm.deployedBytecode!.immutableReferences).toBeDefined();
    expect(test.storageLayout).toBeDefined();
    expect(String(test.evm.deployedBytecode!.sourceMap).length).toBeGreaterThan(100);
    expect(output.sources['@openzeppelin/contracts/token/ERC20/ERC20.sol']!.ast.nodeType).toBe('SourceUnit');
    expect(output.contracts['@openzeppelin/contracts/token/ERC20/ERC20.sol']!.ERC20!.abi.length).toBeGreaterThan(0);
    // What Foundry's runner calls on a test contract, with forge-std's return types.
    expect(Object.keys(test.evm.methodIdentifiers)).toEqual(
      expect.arrayContaining([
        'IS_TEST()',
        'failed()',
        'setUp()',
        'targetContracts()',
        'targetSenders()',
        'targetSelectors()',
        'targetArtifacts()',
        'targetArtifactSelectors()',
        'targetInterfaces()',
        'excludeContracts()',
        'excludeSenders()',
        'excludeSelectors()',
        'excludeArtifacts()',
        'testFuzz_Bound(uint256,int256)',
        'invariant_Supply()',
      ]),
    );
    // The cheatcodes by their selectors as Foundry's runner knows them.
    const vm = output.contracts['forge-std/Vm.sol']!.Vm!.evm.methodIdentifiers;
    expect(vm).toMatchObject({
      'prank(address)': 'ca669fa7',
      'startPrank(address)': '06447d56',
      'stopPrank()': '90c5013b',
      'warp(uint256)': 'e5d6bf02',
      'roll(uint256)': '1f7b4f30',
      'deal(address,uint256)': 'c88a5e6d',
      'expectRevert()': 'f4844814',
      'expectRevert(bytes)': 'f28dceb3',
      'expectRevert(bytes4)': 'c31eb0e0',
      'load(address,bytes32)': '667f9d70',
      'store(address,bytes32,bytes32)': '70ca10bb',
      'addr(uint256)': 'ffa18649',
      'label(address,string)': 'c657c718',
      'assume(bool)': '4c63e562',
    });
  });

  it("sends each console.log as hardhat's console ABI: log(<the parameters' types>) to the console address", () => {
    const source = readFileSync(new URL('../../forge-std/console.sol', import.meta.url), 'utf8');
    expect(source).toContain('address constant CONSOLE_ADDRESS = 0x000000000000000000636F6e736F6c652e6c6f67;');
    const functions = [...source.matchAll(/function (log\w*)\(([^)]*)\) internal pure \{\s*_sendLogPayload\(abi\.encodeWithSignature\("([^"]+)"/g)];
    // log() and the singles, 5 log(T) and log(string,int256), 4² + 4³ + 4⁴ mixes of uint256/string/bool/address.
    expect(functions).toHaveLength(1 + 6 + 32 + 6 + 16 + 64 + 256);
    for (const [, name, params, signature] of functions) {
      const types = params!
        .split(',')
        .filter((p) => p.trim() !== '')
        .map((p) => p.trim().split(/\s+/)[0]);
      expect(signature, name).toBe(`log(${types.join(',')})`);
    }
  });

  it('makes an import from outside the run and its libraries an error on its own line and file', SLOW, async () => {
    const imports = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "hardhat/console.sol";
import "/etc/passwd";
import "../../x.sol";
import "@openzeppelin/contracts/../../../package.json";
import "forge-std/StdStorage.sol";
import "./Other.sol";

contract Imports {}
`;
    const compiled = await compileSuite(
      [
        { name: 'src/Other.sol', content: '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Other {}\n' },
        { name: 'src/Imports.sol', content: imports },
      ],
      options,
    );
    const placed = compiled.errors.map((e) => [e.file, e.line, e.column]);
    expect(placed).toEqual([
      ['src/Imports.sol', 4, 1],
      ['src/Imports.sol', 5, 1],
      ['src/Imports.sol', 6, 1],
      ['src/Imports.sol', 7, 1],
      ['src/Imports.sol', 8, 1],
    ]);
    expect(compiled.errors[0]!.message).toContain('"hardhat/console.sol"');
    expect(compiled.errors[0]!.message).toContain("is not one of this run's files (src/Imports.sol, src/Other.sol)");
    expect(compiled.errors[0]!.message).toContain('forge-std/Test.sol, forge-std/console.sol');
    expect(compiled.errors[0]!.message).toMatch(/@openzeppelin\/contracts\/… \(5\.\d+\.\d+\)/);
    expect(compiled.errors[1]!.message).toContain('"/etc/passwd"');
    expect(compiled.errors[2]!.message).toContain('"x.sol"');
    expect(compiled.errors[3]!.message).toContain('is not a Solidity file of @openzeppelin/contracts');
    expect(compiled.errors[4]!.message).toContain("is not part of the product's forge-std");
    // Nothing outside the run reached the input.
    expect(Object.keys((compiled.input as Input).sources)).toEqual(['src/Imports.sol', 'src/Other.sol']);
  });

  it('places a syntax error in the one of two files that has it', SLOW, async () => {
    const compiled = await compileSuite(
      [
        { name: 'A.sol', content: '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract A {\n    uint256 x = 1;\n}\n' },
        { name: 'B.sol', content: '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract B {\n    uint256 y = ;\n}\n' },
      ],
      options,
    );
    expect(compiled.errors).toHaveLength(1);
    expect(compiled.errors[0]).toMatchObject({ file: 'B.sol', line: 4, column: 17, type: 'ParserError' });
  });
});

describe('the compile cache', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const counter = (n: number) => [
    { name: 'Counter.sol', content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Counter { uint256 public n = ${n}; }\n` },
  ];

  it('answers the same sources and settings from memory and the disk, and compiles again on a changed byte or setting', SLOW, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compile-cache-'));
    dirs.push(dir);
    const cache = createCompileCache({ dir });
    const first = await compileSuite(counter(1), { evmVersion: 'prague', cache });
    expect(first.cached).toBe(false);
    const second = await compileSuite(counter(1), { evmVersion: 'prague', cache });
    expect(second.cached).toBe(true);
    expect(second.output).toEqual(first.output);
    expect(second.input).toEqual(first.input);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });

    const changed = await compileSuite(counter(2), { evmVersion: 'prague', cache });
    expect(changed.cached).toBe(false);
    const optimized = await compileSuite(counter(1), { evmVersion: 'prague', optimizer: { enabled: true, runs: 200 }, cache });
    expect(optimized.cached).toBe(false);

    // Another process (a fresh cache on the same directory) finds the compile on disk.
    const fromDisk = await compileSuite(counter(1), { evmVersion: 'prague', cache: createCompileCache({ dir }) });
    expect(fromDisk.cached).toBe(true);
    expect(fromDisk.output).toEqual(first.output);
  });

  const entryOf = (n: number, size = 0) => ({ solcVersion: 'v', evmVersion: 'prague', input: n, output: 'x'.repeat(size), errors: [], warnings: [] });
  const keyOf = (n: number) => n.toString(16).padStart(64, '0');

  it('takes many writers on one folder at once (threads of one process, processes): every entry whole, no partial file left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compile-cache-'));
    dirs.push(dir);
    // Six caches (as six worker threads: one pid) write the same twenty keys at once.
    const writers = Array.from({ length: 6 }, () => createCompileCache({ dir, maxBytes: 0 }));
    await Promise.all(writers.flatMap((cache) => Array.from({ length: 20 }, (_, n) => cache.set(keyOf(n), entryOf(n, 50_000), 50_000))));
    const files = await readdir(dir);
    expect(files.filter((f) => !f.endsWith('.json'))).toEqual([]);
    expect(files).toHaveLength(20);
    const reader = createCompileCache({ dir });
    for (let n = 0; n < 20; n++) expect(await reader.get(keyOf(n))).toEqual(entryOf(n, 50_000));
  });

  it('keeps the folder within its size, the least recently used out first, and clears what a dead writer left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compile-cache-'));
    dirs.push(dir);
    const size = JSON.stringify(entryOf(1, 10_000)).length;
    const left = join(dir, `${keyOf(9)}.json.123-dead.partial`);
    await writeFile(left, 'half a fil');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(left, old, old);
    const cache = createCompileCache({ dir, maxBytes: 0, maxDiskBytes: size * 3 });
    for (const n of [1, 2, 3]) {
      await cache.set(keyOf(n), entryOf(n, 10_000), size);
      // Distinct times, as runs seconds apart would have.
      const at = new Date(Date.now() - 60_000 + n * 1_000);
      await utimes(join(dir, `${keyOf(n)}.json`), at, at);
    }
    // Reading 1 makes it the most recently used: 2 goes when 4 comes.
    expect(await cache.get(keyOf(1))).toEqual(entryOf(1, 10_000));
    await cache.set(keyOf(4), entryOf(4, 10_000), size);
    expect((await readdir(dir)).sort()).toEqual([1, 3, 4].map((n) => `${keyOf(n)}.json`));
  });

  it('keeps at most its bytes in memory, dropping the least recently used first', async () => {
    const cache = createCompileCache({ maxBytes: 300 });
    const key = (n: number) => String(n).repeat(64);
    const entry = (n: number) => ({ solcVersion: 'v', evmVersion: 'prague', input: n, output: n, errors: [], warnings: [] });
    await cache.set(key(1), entry(1), 100);
    await cache.set(key(2), entry(2), 100);
    await cache.set(key(3), entry(3), 100);
    expect(await cache.get(key(1))).toEqual(entry(1));
    await cache.set(key(4), entry(4), 100);
    expect(await cache.get(key(2))).toBeNull();
    expect(await cache.get(key(1))).toEqual(entry(1));
    expect(await cache.get(key(3))).toEqual(entry(3));
    expect(await cache.get(key(4))).toEqual(entry(4));
    await cache.set(key(5), entry(5), 301);
    expect(await cache.get(key(5))).toBeNull();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 300 });
  });
});
