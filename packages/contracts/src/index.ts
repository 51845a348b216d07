export * from './errors';
export * from './remotes';
export * from './domains';
export * from './routes';
export * from './messages';
export * from './constants';
export * from './auth';
