export * from './cart';
export * from './constants';
export * from './order';
export * from './sales';
export * from './schemas';
export * from './search';
