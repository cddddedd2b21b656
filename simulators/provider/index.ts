export { startProviderSimulator } from './server';
export type { ProviderSimulator, ProviderStats } from './api';
