export * from './bot-type';
export * from './counters';
export * from './health';
export * from './language';
export * from './translate-texts';
export * from './wire';
export * from './word-type';
