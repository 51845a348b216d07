export * from './live-resources';
export * from './use-live-resource';
