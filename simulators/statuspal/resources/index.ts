import type { RouteDef } from '../router';
import { accessGroupRoutes } from './access-groups';
import { incidentRoutes } from './incidents';
import { orgMemberRoutes, pageMemberRoutes } from './members';
import { metricRoutes } from './metrics';
import { noticeRoutes } from './notices';
import { pageRoutes } from './pages';
import { serviceRoutes } from './services';
import { statusRoutes } from './status';
import { subscriptionRoutes } from './subscriptions';
import { webhookRoutes } from './webhooks';

/** The 55 operations of the Status Page API v2, paths relative to /api/v2. */
export const ALL_ROUTES: RouteDef[] = [
  ...statusRoutes,
  ...incidentRoutes,
  ...noticeRoutes,
  ...metricRoutes,
  ...subscriptionRoutes,
  ...pageRoutes,
  ...serviceRoutes,
  ...webhookRoutes,
  ...accessGroupRoutes,
  ...pageMemberRoutes,
  ...orgMemberRoutes,
];
