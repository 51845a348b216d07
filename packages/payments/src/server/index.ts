// The server entry of @starforge/payments: the card processor boundary, recording a payment,
// and Solana payment requests (issue, verify, settle). It loads @solana/web3.js (~0.3 s), which
// only the services that take payments import; a domain's error module that only names the
// refusals imports `@starforge/payments/server/solana/errors`, free of it.
export * from './card-processor';
export * from './card-processor-route';
export * from './migrations';
export * from './record-payment';
export * from './solana/errors';
export * from './solana/payment-request';
export * from './solana/settlement';
export * from './solana/treasury';
export * from './solana/verify-transfer';
