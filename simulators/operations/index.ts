export { startOperationsSimulator, SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, type OperationsSimulator, type OperationsSimulatorOptions } from './simulator';
export type { OperationsFault } from './faults';
export type { SimulatorRequest, SimulatorEndpoint } from './request-log';
export type { SimulatorMode, AuthorizationMode } from './state';
export type { TokenStatus } from './token-registry';
