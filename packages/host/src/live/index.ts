export * from './live-resources';
export * from './use-live-resource';
export type { ReadFailure } from './logged-load';
export * from './use-kept-live-resource';
export * from './use-seen-transaction';
