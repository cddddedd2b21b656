export { startOperationsSimulator, type OperationsSimulator } from './simulator';
