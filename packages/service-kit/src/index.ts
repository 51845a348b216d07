export * from './db';
export * from './env';
export * from './errors';
export * from './migrate';
export * from './create-app';
export * from './run-service';
