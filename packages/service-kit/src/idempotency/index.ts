export * from './idempotent';
export * from './idempotent-route';
export * from './idempotent-transaction';
export * from './migrations';
export * from './openapi';
export { parseIdempotencyKey, requestFingerprint } from './request-key';
export { deleteExpiredKeys } from './key-store';
