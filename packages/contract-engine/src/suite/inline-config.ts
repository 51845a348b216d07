import type { CampaignSizes } from './config';

/**
 * Foundry's inline configuration (`/// forge-config: default.invariant.runs = 64` in a test's or
 * a test contract's NatSpec, Hardhat 3's `hardhat-config:` alike). EDR applies it when it can
 * read the test sources from disk (run.ts writes them); this module reads the same directives
 * from solc's AST for what EDR does not say back: the depth a campaign ran at, and how many runs
 * a test was asked for (a fuzz test that made fewer was stopped by its time limit).
 */

const DIRECTIVE = /(?:forge|hardhat)-config:\s*(default\.)?(fuzz|invariant)\.(runs|depth)\s*=\s*(\d+)\s*$/;

/** A suite has inline configuration to apply only when one of its files writes a directive. */
export const hasInlineConfig = (contents: string[]) => contents.some((c) => c.includes('forge-config:') || c.includes('hardhat-config:'));

type Sizes = Partial<Pick<CampaignSizes, 'fuzzRuns' | 'invariantRuns' | 'invariantDepth'>>;

const FIELDS = { 'fuzz.runs': 'fuzzRuns', 'invariant.runs': 'invariantRuns', 'invariant.depth': 'invariantDepth' } as const;

/** The sizes one NatSpec comment sets; `default.`-prefixed directives win over bare ones, as in EDR. */
const sizesOf = (text: string | undefined): Sizes => {
  const bare: Sizes = {};
  const prefixed: Sizes = {};
  for (const line of (text ?? '').split('\n')) {
    const m = DIRECTIVE.exec(line.trim());
    if (!m) continue;
    const field = FIELDS[`${m[2]}.${m[3]}` as keyof typeof FIELDS];
    if (field) (m[1] ? prefixed : bare)[field] = Number(m[4]);
  }
  return { ...bare, ...prefixed };
};

interface Node {
  nodeType?: string;
  id?: number;
  name?: string;
  documentation?: { text?: string } | string | null;
  linearizedBaseContracts?: number[];
  nodes?: Node[];
}

const docText = (node: Node) => (typeof node.documentation === 'string' ? node.documentation : node.documentation?.text);

/** The name of a test as EDR reports it (`testFuzz(uint256)`) without its parameters. */
const bareName = (signature: string) => signature.split('(')[0] ?? signature;

/**
 * Each test's campaign sizes: the run's, then its contract's directives, then its own (a test
 * inherited from a base contract carries the directives written on it there).
 */
export const inlineSizes = (output: unknown, base: CampaignSizes): ((contract: string, source: string, test: string) => CampaignSizes) => {
  const sources = (output as { sources?: Record<string, { ast?: Node }> }).sources ?? {};
  const byId = new Map<number, Node>();
  const bySource = new Map<string, Node[]>();
  for (const [source, { ast }] of Object.entries(sources)) {
    const contracts = (ast?.nodes ?? []).filter((n) => n.nodeType === 'ContractDefinition');
    bySource.set(source, contracts);
    for (const c of contracts) if (c.id !== undefined) byId.set(c.id, c);
  }
  return (contract, source, test) => {
    const node = bySource.get(source)?.find((c) => c.name === contract);
    if (!node) return base;
    const name = bareName(test);
    const lineage = (node.linearizedBaseContracts ?? []).map((id) => byId.get(id)).filter((c) => c !== undefined);
    const fn = lineage.flatMap((c) => c.nodes ?? []).find((n) => n.nodeType === 'FunctionDefinition' && n.name === name);
    return { ...base, ...sizesOf(docText(node)), ...(fn ? sizesOf(docText(fn)) : {}) };
  };
};

/** EDR's `InlineConfigError` (index.d.ts), as child.mjs hands it over. */
type InlineConfigProblem =
  | { kind: 'InlineConfigInvalidSyntax'; directive: string }
  | { kind: 'InlineConfigUndeclaredProfile'; profile: string; declaredProfiles: string[] }
  | { kind: 'InlineConfigInvalidKey'; key: string }
  | { kind: 'InlineConfigInvalidKeyForTestType'; key: string; testType: string }
  | { kind: 'InlineConfigInvalidValue'; key: string; value: string; expected: string }
  | { kind: 'InlineConfigDuplicateKey'; key: string }
  | { kind: 'InlineConfigInvalidSolcVersion' }
  | { kind: 'InlineConfigSourceFileNotFound'; path: string; reason: string }
  | { kind: 'InlineConfigDirectiveLocation'; contract: string; function?: string; reason: string };

export type InlineConfigError =
  | { kind: 'directive'; sourceName: string; contract: string; function?: string; line: number; problem: InlineConfigProblem }
  | { kind: 'source'; sourceName: string; problem: InlineConfigProblem };

const problemWords = (p: InlineConfigProblem): string => {
  switch (p.kind) {
    case 'InlineConfigInvalidSyntax':
      return `"${p.directive}" is not of the form key = value`;
    case 'InlineConfigUndeclaredProfile':
      return `the profile "${p.profile}" does not exist here (only ${p.declaredProfiles.join(', ')}: write default.… or no profile)`;
    case 'InlineConfigInvalidKey':
      return `${p.key} is not a setting a test can change (fuzz.… and invariant.… settings can)`;
    case 'InlineConfigInvalidKeyForTestType':
      return `${p.key} does not apply to ${/^[aeiou]/i.test(p.testType) ? 'an' : 'a'} ${p.testType} test`;
    case 'InlineConfigInvalidValue':
      return `${p.key} takes a ${p.expected}, not ${p.value}`;
    case 'InlineConfigDuplicateKey':
      return `${p.key} is set twice`;
    case 'InlineConfigInvalidSolcVersion':
      return 'its Solidity version is too old for inline configuration';
    case 'InlineConfigSourceFileNotFound':
      return `the file could not be read (${p.reason})`;
    case 'InlineConfigDirectiveLocation':
      return `a directive could not be placed (${p.reason})`;
  }
};

/** The run's failure when EDR refuses a suite's inline configuration: the first problem, its file and line, and how many more. */
export const inlineConfigFailure = (errors: InlineConfigError[]): string => {
  const [first] = errors;
  if (!first) return 'The inline configuration of this suite is not valid.';
  const where =
    first.kind === 'directive'
      ? `on line ${first.line} of ${first.sourceName} (${first.contract}${first.function ? `.${first.function}` : ''})`
      : `of ${first.sourceName}`;
  const more = errors.length > 1 ? ` ${errors.length - 1} more ${errors.length === 2 ? 'directive has' : 'directives have'} a problem too.` : '';
  return `The inline configuration ${where} cannot be used: ${problemWords(first.problem)}. Nothing ran; fix the forge-config comment and run again.${more}`;
};
