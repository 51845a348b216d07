export * from './idempotent';
export * from './migrations';
export { parseIdempotencyKey, requestFingerprint } from './request-key';
export { deleteExpiredKeys } from './key-store';
