export * from './faults';
export * from './languages';
export * from './pseudo-translate';
export * from './server';
export * from './stats';
