export { startProviderSimulator } from './server';
export type { ProviderFaults, ProviderOneShotFault, ProviderSimulator, ProviderSimulatorOptions, ProviderStats, ValidatorMode } from './api';
export { DEMO_PROVIDERS, FORMAT_DEMO_PROVIDERS, type ProviderPageSeed } from './model';
