export * from './create-action';
export * from './use-action';
export * from './new-idempotency-key';
export * from './form-action';
export * from './use-form-action';
