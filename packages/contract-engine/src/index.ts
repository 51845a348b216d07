export { compileSource, type CompileOutput, type CompiledContract, type Solc } from './compile';
