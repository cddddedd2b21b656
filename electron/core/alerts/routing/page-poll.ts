/** One poll of one page as the team alerts hear it; the monitor gives it (monitor-options.ts). */
export type { PagePoll } from '@core/monitor/monitor-options';
