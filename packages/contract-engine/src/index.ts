export { runContract } from './run';
export { DEPLOYMENT_KEY, gasByFunction, type EngineCall, type EngineRequest, type EngineResult } from './request';
export { NETWORK_PROFILES, type NetworkProfile } from './networks';
export { AUDIT_RULE_INFO } from './audit';
