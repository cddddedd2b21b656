export { startAlertsSimulator, type AlertsSimulator, type AlertsSimulatorOptions } from './server';
export type { AlertSimFault, AlertSimRoute } from './faults';
export type { AlertSimRequest } from './request-log';
export type { SlackHookState, SlackMessage } from './slack-route';
export type { TeamsWorkflowState, TeamsCard } from './teams-route';
export type { PagerDutyAlert } from './pagerduty-route';
