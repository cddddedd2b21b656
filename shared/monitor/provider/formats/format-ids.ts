import { z } from 'zod';

/*
 * The ids of the formats Statusdesk reads, in the order the window's list and `--format` name them: what settings,
 * the catalogue and the command line's arguments are checked against. Apart from the records (registry.ts),
 * because a command that only names a format (or a page that is not a provider's) needs none of the readers the
 * records bring. The registry holds a record under each of these ids (typed, so a missing one does not compile)
 * and lists them in this order.
 */
export const PROVIDER_FORMATS = ['statuspage', 'incidentio', 'instatus', 'statusio', 'cachet', 'feed'] as const;

export type ProviderFormat = (typeof PROVIDER_FORMATS)[number];

export const providerFormatSchema = z.enum(PROVIDER_FORMATS);
