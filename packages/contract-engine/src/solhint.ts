import type { AuditFinding, SolhintRule } from '@starforge/contracts/rewards';
import type { AstNode } from './ast';
import { auditAst } from './audit';

/**
 * The security_audit type's second opinion (issue 27): solhint's security rules, run as a library
 * on a source that solc has already compiled. Its own style rules (naming, ordering, visibility
 * markers) are left out: a finding here is something a reviewer would ask about, and any finding
 * fails the audit, as the engine's own rules do.
 */
const SOLHINT_RULES: Record<string, { title: string; severity: AuditFinding['severity'] }> = {
  reentrancy: { title: 'Possible reentrancy', severity: 'medium' },
  'avoid-tx-origin': { title: 'tx.origin used', severity: 'medium' },
  'check-send-result': { title: 'send() result not checked', severity: 'medium' },
  'multiple-sends': { title: 'Several sends in one transaction', severity: 'medium' },
  'avoid-call-value': { title: '.call.value() used', severity: 'medium' },
  'avoid-suicide': { title: 'suicide() used', severity: 'medium' },
  'avoid-low-level-calls': { title: 'Low-level call', severity: 'low' },
  'avoid-sha3': { title: 'sha3() used', severity: 'low' },
  'avoid-throw': { title: 'throw used', severity: 'low' },
  'no-complex-fallback': { title: 'Fallback function does more than log', severity: 'low' },
  'no-inline-assembly': { title: 'Inline assembly', severity: 'low' },
  'not-rely-on-block-hash': { title: 'Relies on blockhash', severity: 'low' },
  'not-rely-on-time': { title: 'Relies on block time', severity: 'low' },
};

interface SolhintReport {
  ruleId: string;
  line: number;
  column: number;
  message: string;
}
interface Solhint {
  processStr(source: string, config: { rules: Record<string, string> }): { reports: SolhintReport[] };
}

// solhint (CommonJS, untyped) is loaded on the first audit, in the worker that runs it.
let solhint: Solhint | undefined;
const config = { rules: Object.fromEntries(Object.keys(SOLHINT_RULES).map((id) => [id, 'warn'])) };

/**
 * solhint's findings on one source that compiles. Its parser is not solc's: should it fail on a
 * source solc took, the audit goes on with the engine's own rules and says so (`null`).
 */
export const solhintFindings = async (source: string): Promise<AuditFinding[] | null> => {
  solhint ??= ((await import('solhint')) as { default: Solhint }).default;
  let reports: SolhintReport[];
  try {
    reports = solhint.processStr(source, config).reports;
  } catch {
    return null;
  }
  return reports
    .filter((report) => Object.hasOwn(SOLHINT_RULES, report.ruleId))
    .map((report) => ({
      rule: `solhint/${report.ruleId}` as SolhintRule,
      ...SOLHINT_RULES[report.ruleId]!,
      message: `${report.message.replace(/\.?$/, '.')} (solhint's ${report.ruleId})`,
      line: Math.max(1, report.line),
      column: Math.max(1, report.column),
    }));
};

/** How many checks an audit runs: the engine's own rules and solhint's. */
export const auditCheckCount = (ownRules: number) => ownRules + Object.keys(SOLHINT_RULES).length;

/** Findings in the order a reader meets them: by file, line, then column. */
export const byPlace = (a: AuditFinding, b: AuditFinding) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line || a.column - b.column;

/**
 * One compiled file through the engine's rules (over solc's AST) and solhint's, in reading order;
 * `solhintRead` is false when solhint's parser refused the file and only the engine's rules ran.
 */
export const auditFile = async (ast: AstNode | undefined, source: string): Promise<{ findings: AuditFinding[]; solhintRead: boolean }> => {
  const second = await solhintFindings(source);
  return { findings: [...(ast ? auditAst(ast, source) : []), ...(second ?? [])].sort(byPlace), solhintRead: second !== null };
};
