export * from './idempotent';
export * from './migrations';
export * from './openapi';
export { parseIdempotencyKey, requestFingerprint } from './request-key';
export { deleteExpiredKeys } from './key-store';
