export * from './jobs';
export type { SqlRunner } from './tx-executor';
export type { JobContext, JobHandler } from './queue-runner';
