export * from './store';
export * from './session';
export * from './wallet';
export * from './toast';
export * from './http';
export * from './auth-client';
export * from './remote-module';
export * from './actions/index';
