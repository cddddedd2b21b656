export { startAlertsSimulator, type AlertsSimulator } from './server';
export type { AlertSimFault } from './faults';
