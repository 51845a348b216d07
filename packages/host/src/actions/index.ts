export * from './create-action';
export * from './use-action';
export * from './new-idempotency-key';
