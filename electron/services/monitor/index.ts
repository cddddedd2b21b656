export { MonitorService, DEFAULT_MONITOR_TUNING } from './monitor-service';
export type { MonitorServiceOptions, MonitorTuning, StateChange } from './monitor-service';
export { PollScheduler, SCHEDULER_DEFAULTS } from './scheduler';
export type { PollOutcome, PollRunner, SchedulerOptions } from './scheduler';
export { PageTracker, invalidBodyError } from './page-tracker';
export type { BodyOutcome, BodyResult, StalenessRules } from './page-tracker';
export { EventHistory, DEFAULT_HISTORY_LIMIT, HISTORY_FILE_NAME, historyFilePath } from './event-history';
export type { EventSink, EventHistoryOptions, HistoryLoadReport, HistoryQuery } from './event-history';
export { SignalHub } from './system-signals';
export type { SystemSignals } from './system-signals';
export { systemClock, createScaledClock } from './clock';
export type { MonitorClock, TimerHandle } from './clock';
export { pollBackoffMs } from './backoff';
export type { BackoffOptions } from './backoff';
export {
  createSummaryFetcher,
  summaryFetcherFromClient,
  summaryFetcherForPage,
  publicRateLimitKey,
  baseUrlOfPage,
} from './summary-fetcher';
export type { SummaryFetcher, SummaryFetcherOptions, FetchSummaryOptions } from './summary-fetcher';
