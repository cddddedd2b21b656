import { z } from 'zod';
import type { AdminResourceId } from '@shared/admin/resources';
import { SUBSCRIPTION_FILTER_HINT, subscriptionFilterSchema } from '@shared/statuspage/filters';

/** A list the server filters (ListFilter's props but the filter applied): its words and what it accepts. */
export interface SectionFilter {
  label: string;
  placeholder: string;
  hint: string;
  schema: z.ZodType<string, string>;
}

const byEmail = (label: string): SectionFilter => ({
  label,
  placeholder: 'Filter by email: alice@example.com',
  hint: 'The server matches the whole address.',
  schema: z.string().trim().pipe(z.email('Enter a whole email address to filter by, such as alice@example.com.')),
});

/** The sections whose list has a filter (the resources with a `filterParam`). */
export const SECTION_FILTERS: { readonly [K in AdminResourceId]?: SectionFilter } = {
  subscriptions: {
    label: 'Filter subscriptions',
    placeholder: 'Email or phone: alice@example.com, +41 79 123 45 67, +41, 791234567',
    hint: `Filter by ${SUBSCRIPTION_FILTER_HINT}.`,
    schema: subscriptionFilterSchema,
  },
  pageMembers: byEmail('Filter page members by email'),
  orgMembers: byEmail('Filter organization members by email'),
};
