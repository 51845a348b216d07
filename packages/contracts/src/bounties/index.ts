export * from './constants';
export * from './proofs';
export * from './schemas';
