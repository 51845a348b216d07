import type { SuiteSource } from '@starforge/contracts/rewards';

/**
 * What the bounties service reads in a project's Solidity sources without compiling them: the
 * contracts they define (the targets a proof's calls are counted into) and the names versions
 * keep their files under. Plain text work: comments and strings are blanked first so a
 * `contract X` inside either is not a declaration.
 */

/** The Testing Engine editor's name for its one file before the user names it (mfe-rewards' FIRST_FILE_NAME). */
const UNNAMED_FILE = 'Contract.sol';

const COMMENTS_AND_STRINGS = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
const blank = (source: string) => source.replace(COMMENTS_AND_STRINGS, (m) => m.replace(/[^\n]/g, ' '));

/** `contract Name is A, B {`, `abstract contract Name`, `library Name`: kind, name and what it inherits. */
const DECLARATION = /\b(abstract\s+contract|contract|library|interface)\s+([A-Za-z_$][\w$]*)\s*(?:is\s+([^{]*))?\{/g;

interface Declaration {
  kind: 'contract' | 'abstract' | 'library' | 'interface';
  name: string;
  bases: string[];
}

const declarationsOf = (source: string): Declaration[] =>
  [...blank(source).matchAll(DECLARATION)].map((m) => ({
    kind: m[1]?.startsWith('abstract') ? 'abstract' : (m[1] as Declaration['kind']),
    name: m[2] ?? '',
    bases: (m[3] ?? '')
      .split(',')
      .map((b) => b.trim().split(/[\s(]/)[0] ?? '')
      .filter(Boolean),
  }));

/** A test file by Foundry's naming (`*.t.sol`), or a contract that is a forge-std `Test`. */
const isTestFile = (name: string) => name.endsWith('.t.sol');

/**
 * The contracts and libraries a version defines that a proof attacks: every `contract` (abstract
 * too: a concrete child inherits its functions) and `library` of its files, less test files
 * (`*.t.sol`) and contracts that inherit forge-std's `Test`. Interfaces are left out: a call
 * through one lands in the contract that implements it, under that contract's name.
 */
export const targetContracts = (sources: readonly SuiteSource[]): string[] => {
  const names = new Set<string>();
  for (const source of sources) {
    if (isTestFile(source.name)) continue;
    for (const d of declarationsOf(source.content)) {
      if (d.kind !== 'interface' && !d.bases.includes('Test')) names.add(d.name);
    }
  }
  return [...names].sort();
};

/**
 * The files of a new version as saved: each under the name it was given, except one file the
 * editor left unnamed (`Contract.sol`, the only file of the save), which is kept under the name
 * of the last contract it defines (`Vault.sol` for a file holding `contract Vault`), the one the
 * engine would deploy, so a proof imports it as "Vault.sol". A file defining no contract, or a
 * contract named `Contract`, keeps its name.
 */
export const versionSources = (sources: readonly SuiteSource[]): SuiteSource[] => {
  const [only] = sources;
  if (sources.length !== 1 || !only || only.name !== UNNAMED_FILE) return sources.map((s) => ({ name: s.name, content: s.content }));
  const contracts = declarationsOf(only.content).filter((d) => d.kind === 'contract');
  const last = contracts.at(-1);
  return [{ name: last ? `${last.name}.sol` : only.name, content: only.content }];
};
