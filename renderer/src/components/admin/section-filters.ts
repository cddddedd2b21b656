import { z } from 'zod';
import { emailAddress } from '@shared/validation/email';
import type { AdminResourceId } from '@shared/admin/resources';
import { SUBSCRIPTION_FILTER_HINT, subscriptionFilterSchema } from '@shared/statuspal/filters';

/** What a list's server search takes (the resources with a `filterParam`): its words, and the API client's schema. */
interface SectionFilter {
  /** What the box searches, said in the box itself before anything is typed. */
  placeholder: string;
  /** What the server can search, after "only by". */
  searches: string;
  schema: z.ZodType<string, string>;
}

const byEmail: SectionFilter = {
  placeholder: 'Search by name or email address',
  searches: 'a whole email address',
  schema: z.string().trim().pipe(emailAddress('Enter a whole email address to search the server for, such as alice@example.com.')),
};

/** The sections whose list the server can filter too. */
export const SECTION_FILTERS: { readonly [K in AdminResourceId]?: SectionFilter } = {
  subscriptions: {
    placeholder: 'Search by email, phone number or chat address',
    searches: SUBSCRIPTION_FILTER_HINT.replace(/^an email address/, 'a whole email address'),
    schema: subscriptionFilterSchema,
  },
  pageMembers: byEmail,
  orgMembers: byEmail,
};
