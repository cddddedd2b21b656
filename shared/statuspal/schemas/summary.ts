import { z } from 'zod';
import { incidentSchema } from './incident';
import { infoNoticeSchema } from './info-notice';
import { serviceStatusSchema } from './service';
import { statusPageInfoSchema } from './status-page';
import { deferredSchema } from '../../validation/deferred-schema';

/** Lists shared by the page and the service summary. */
const summaryLists = {
  incidents: z.array(incidentSchema),
  /** Active maintenances only. */
  maintenances: z.array(incidentSchema),
  /** Future maintenances. */
  upcoming_maintenances: z.array(incidentSchema),
  /** Omitted entirely by older pages. */
  info_notices: z.array(infoNoticeSchema).optional(),
  /** Base level of the current type (`major`, `minor`, `scheduled` or null); omitted by older pages. */
  current_status_type: z.string().nullable().optional(),
};

/** `GET /status_pages/{subdomain}/summary` */
export const pageSummarySchema = deferredSchema(() =>
  z.looseObject({
    status_page: statusPageInfoSchema,
    services: z.array(serviceStatusSchema),
    ...summaryLists,
  }),
);

/** `GET /status_pages/{subdomain}/services/{serviceId}/summary` */
export const serviceSummarySchema = deferredSchema(() =>
  z.looseObject({
    service: serviceStatusSchema,
    ...summaryLists,
  }),
);

export type PageSummary = z.infer<typeof pageSummarySchema>;
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;
