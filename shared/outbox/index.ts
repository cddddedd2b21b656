export * from './write-operations';
export * from './temp-id';
export * from './resource-key';
export * from './entry-view';
export * from './requests';
export * from './status';
export * from './merged-view';
export * from './delivery-promise';
