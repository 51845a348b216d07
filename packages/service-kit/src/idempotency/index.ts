export * from './idempotent';
export * from './idempotent-route';
export * from './idempotent-transaction';
export * from './migrations';
export * from './openapi';
export { jsonWithout, parseIdempotencyKey, requestFingerprint, type FingerprintBody } from './request-key';
export { deleteExpiredKeys } from './key-store';
