export * from './apps';
export * from './build';
export * from './shared';
export * from './webpack-config';
