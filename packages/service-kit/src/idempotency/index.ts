export * from './idempotent';
export * from './idempotent-route';
export * from './migrations';
export * from './openapi';
export { keepIdempotentAnswer } from './answer-in-transaction';
export { parseIdempotencyKey, requestFingerprint } from './request-key';
export { deleteExpiredKeys } from './key-store';
