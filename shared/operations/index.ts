export * from './operation-name';
export * from './rpc-error';
export * from './forget-result';
export * from './token-source';
