export * from './live-resources';
export * from './use-live-resource';
export * from './use-kept-live-resource';
export * from './use-seen-transaction';
