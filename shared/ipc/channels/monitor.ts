import { z } from 'zod';
import { watchedPageInputSchema } from '../../monitor/watched-page-input';
import { desktopPrefsSchema } from '../../desktop/desktop-prefs';
import { idMapSchema } from '../../validation/id-map';
import { monitorEventSchema } from '../../monitor/events';
import { notificationPrefsChangeSchema, notificationPrefsSchema } from '../../monitor/notification-prefs';
import { dashboardPatchSchema, dashboardViewSchema, pageDetailSchema } from '../../monitor/dashboard-patch';
import { MIN_INTERVAL_SEC, watchedPageSchema } from '../../monitor/watched-page';
import { followedPartsSchema } from '../../monitor/provider/followed-parts';
import { partChoiceSchema } from '../../monitor/provider/part-choices';
import { providerFormatSchema } from '../../monitor/provider/formats/format-ids';
import { providerPageUrlSchema } from '../../monitor/provider/provider-url';
import { incidentSchema } from '../../statuspal/schemas/incident';
import { appearanceChangeSchema, appearancePrefsSchema } from '../../appearance/appearance-prefs';
import { invoke, event } from '../define';

const pageIdSchema = z.uuid();

const watchedPageChangeSchema = z.object({
  id: pageIdSchema,
  name: z.string().trim().max(120).nullable().optional(),
  intervalSec: z.number().int().min(MIN_INTERVAL_SEC).max(86_400).optional(),
  muted: z.boolean().optional(),
  notifyUpdates: z.boolean().optional(),
  /** A provider page's parts followed; empty: the whole provider again. */
  parts: followedPartsSchema.optional(),
  mutedServiceIds: z.array(z.number().int()).max(10_000).optional(),
  /** A provider page's component → own services mapping for one own account (replaces that account's). */
  serviceMapping: z.object({ accountId: z.string().min(1).max(100), map: idMapSchema }).optional(),
});

/** An incident with every update, fetched when the user opens it (the dashboard keeps only the latest). */
const incidentDetailSchema = z.object({
  pageId: z.string(),
  incident: incidentSchema,
  followed: z.boolean(),
});

export const monitorChannels = {
  /** Every collapsed card at a version: on start, and again after a gap in the patches. */
  'monitor.snapshot': invoke(z.undefined(), dashboardViewSchema),
  /** A card was opened: its services, incidents, maintenances and notices. */
  'monitor.pageDetail': invoke(z.object({ pageId: pageIdSchema }), pageDetailSchema),
  /** What changed since the previous version; nothing while no window is open. */
  'monitor.onPatch': event(dashboardPatchSchema),
  'monitor.onEvent': event(monitorEventSchema),
  'monitor.pages': invoke(z.undefined(), z.array(watchedPageSchema)),
  'monitor.addPage': invoke(watchedPageInputSchema, watchedPageSchema),
  /** Read the page once before Watch a page saves it: its name, or the failure (a typed error). */
  /** For a provider's address, also the format it was read in (told by the address or by its answer). */
  'monitor.checkPage': invoke(watchedPageInputSchema, z.object({ name: z.string(), format: providerFormatSchema.optional() })),
  'monitor.updatePage': invoke(watchedPageChangeSchema, watchedPageSchema),
  /** The parts a provider's page can be followed by: named in its answer now, and the provider's well-known ones. */
  'monitor.providerParts': invoke(
    z.object({ url: providerPageUrlSchema, format: providerFormatSchema.optional(), name: z.string().max(120).optional() }),
    z.object({ format: providerFormatSchema, choices: z.array(partChoiceSchema).max(2_000) }),
  ),
  'monitor.removePage': invoke(z.object({ id: pageIdSchema }), z.object({ removed: z.boolean() })),
  'monitor.pollNow': invoke(z.object({ pageId: pageIdSchema.optional() }).optional(), z.object({ polled: z.number().int() })),
  'monitor.incident': invoke(z.object({ pageId: pageIdSchema, incidentId: z.number().int() }), incidentDetailSchema),
  'monitor.followIncident': invoke(z.object({ pageId: pageIdSchema, incidentId: z.number().int(), follow: z.boolean() }), watchedPageSchema),
  'monitor.history': invoke(
    z.object({ limit: z.number().int().min(1).max(1000).optional(), pageId: pageIdSchema.optional() }).optional(),
    z.array(monitorEventSchema),
  ),
  'monitor.clearHistory': invoke(z.undefined(), z.object({ cleared: z.number().int() })),
  'notifications.prefs': invoke(z.undefined(), notificationPrefsSchema),
  'notifications.setPrefs': invoke(notificationPrefsChangeSchema, notificationPrefsSchema),
  'notifications.pause': invoke(
    z.object({
      minutes: z
        .number()
        .int()
        .min(1)
        .max(7 * 24 * 60),
    }),
    notificationPrefsSchema,
  ),
  'notifications.resume': invoke(z.undefined(), notificationPrefsSchema),
  'desktop.prefs': invoke(z.undefined(), desktopPrefsSchema),
  'desktop.setPrefs': invoke(desktopPrefsSchema.partial(), desktopPrefsSchema),
  /** Theme and dashboard list mode, kept in the settings like the other desktop choices. */
  'desktop.appearance': invoke(z.undefined(), appearancePrefsSchema),
  'desktop.setAppearance': invoke(appearanceChangeSchema, appearancePrefsSchema),
  /** A notification was clicked: open this page (and incident) in the window. */
  'desktop.onOpenTarget': event(z.object({ pageId: z.string(), incidentId: z.number().int().optional() })),
} as const;
