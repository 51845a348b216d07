export {
  COMPILE_CACHE_MAX_BYTES,
  createEnginePool,
  type EnginePool,
  type EnginePoolOptions,
  type EnginePoolStats,
  type RunOptions,
  SUITE_MEMORY_MB,
} from './pool';
export type { WorkerMemory } from './protocol';
export { DEPLOYMENT_KEY, failedResult, gasByFunction, type EngineCall, type EngineRequest, type EngineResult } from './request';
export { NETWORK_PROFILES, type NetworkProfile } from './networks';
export { AUDIT_RULE_INFO } from './audit';
export { compileSuite, OUTPUT_SELECTION, type CompiledSuite, type CompileSuiteOptions } from './suite/compile';
export { createCompileCache, type CompileCache, type CompileCacheOptions } from './suite/cache';
export { runSuite, type SuiteOutcome, type SuiteRunOptions } from './suite/run';
export type { SuiteLimits } from './suite/config';
