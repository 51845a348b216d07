export * from './jobs';
export type { SqlRunner } from './tx-executor';
