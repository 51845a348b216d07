export { createEnginePool, type EnginePool, type EnginePoolOptions, type EnginePoolStats } from './pool';
export type { WorkerMemory } from './protocol';
export { DEPLOYMENT_KEY, failedResult, gasByFunction, type EngineCall, type EngineRequest, type EngineResult } from './request';
export { NETWORK_PROFILES, type NetworkProfile } from './networks';
export { AUDIT_RULE_INFO } from './audit';
export { runSuite, type SuiteOutcome, type SuiteRunOptions } from './suite/run';
export type { SuiteLimits } from './suite/config';
export type { CompiledSuite } from './suite/compiled';
