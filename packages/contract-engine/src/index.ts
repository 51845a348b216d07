export { compileSource, type CompileOutput, type CompiledContract, type Solc } from './compile';
export { AUDIT_RULE_INFO, auditAst } from './audit';
