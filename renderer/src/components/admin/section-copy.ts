import type { AdminResourceId } from '@shared/admin/resources';

/** What a resource section says: under its heading, when it is empty, on its form dialog and before a delete. */
interface SectionCopy {
  subtitle: string;
  emptyDetail: string;
  /** The form dialog's title when adding ("Add a service"). */
  addTitle: string;
  /** Its title when editing; by default "Edit <item label>". */
  editTitle?: string;
  /** Said after what a delete removes. */
  deleteWarning?: string;
}

/** Every section's words in one table, next to each other so they read alike. */
export const SECTION_COPY: { readonly [K in AdminResourceId]: SectionCopy } = {
  services: {
    subtitle: 'The services the page shows, as the tree they form. A parent shows the worst state of its children.',
    emptyDetail: 'Add the parts of your product the page reports on, such as Website, API or Database.',
    addTitle: 'Add a service',
    deleteWarning: 'Its children move up to its parent. This cannot be undone.',
  },
  subscriptions: {
    subtitle: 'People and channels notified of incidents: email, SMS and chat services.',
    emptyDetail: 'Subscribers get a message for every incident update. Add one to try it.',
    addTitle: 'Add a subscription',
    editTitle: 'Edit subscription',
  },
  webhooks: {
    subtitle: 'Addresses the page calls when incidents or service states change.',
    emptyDetail: 'A webhook lets another system (a chat bot, an incident tool) hear about every change.',
    addTitle: 'Add a webhook',
    editTitle: 'Edit webhook',
  },
  accessGroups: {
    subtitle: 'Groups of members of a private page, and which services each group may see.',
    emptyDetail: 'On a private page, an access group shows a set of services to some members only.',
    addTitle: 'Add an access group',
  },
  pageMembers: {
    subtitle: 'People with a role on this status page.',
    emptyDetail: 'Give a colleague a role on this page only.',
    addTitle: 'Add a page member',
  },
  orgMembers: {
    subtitle: 'People with a role in the organization, on all its pages. Billing members see invoices only.',
    emptyDetail: 'Invite colleagues to the organization.',
    addTitle: 'Add an organization member',
  },
  statusPages: {
    subtitle: 'Every status page of the organization. The page switcher above offers them all.',
    emptyDetail: 'Make a status page for a product or a region.',
    addTitle: 'Add a status page',
    // The page an account is set up for would stop working: say which before it is deleted.
    deleteWarning: 'All its incidents, services, subscriptions and members go with it. This cannot be undone.',
  },
};
