// Imported by path (`@starforge/service-kit/solana-payment/index`), not from the kit's index:
// @solana/web3.js takes ~0.3 s to load, which only the services that take Solana payments pay.
export * from './errors';
export * from './payment-request';
export * from './settlement';
export * from './verify-transfer';
