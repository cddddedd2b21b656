export * from './operation-name';
export * from './rpc-error';
export * from './forget-result';
export * from './token-source';
export * from './operations-settings';
export * from './auth-status';
export * from './history';
export * from './name-lines';
