import { formatDateTime, formatNullable } from './clock';
import type { AccessGroup, Incident, Membership, Notice, Page, Service, Subscription, Update, User, Webhook } from './model';

/** JSON shapes of the records, field names as the real service writes them (see FACTS.md and the fixtures). */

export function updateJson(u: Update): Record<string, unknown> {
  return {
    ...u.extra,
    id: u.id,
    type: u.type,
    description: u.description,
    description_html: u.descriptionHtml,
    posted_at: formatDateTime(u.postedAt),
    inserted_at: formatDateTime(u.insertedAt),
    updated_at: formatDateTime(u.updatedAt),
    subscribers_notified_at: formatNullable(u.subscribersNotifiedAt),
    translations: u.translations,
    tweet: u.tweet,
  };
}

export function incidentJson(i: Incident): Record<string, unknown> {
  return {
    ...i.extra,
    id: i.id,
    type: i.type,
    title: i.title,
    url: i.url,
    updates: i.updates.map(updateJson),
    inserted_at: formatDateTime(i.insertedAt),
    updated_at: formatDateTime(i.updatedAt),
    timezone: i.timezone,
    starts_at: formatDateTime(i.startsAt),
    affects_uptime: i.affectsUptime,
    ends_at: formatNullable(i.endsAt),
    service_ids: i.serviceIds,
    translations: i.translations,
  };
}

export function noticeJson(n: Notice): Record<string, unknown> {
  return {
    ...n.extra,
    id: n.id,
    title: n.title,
    url: n.url,
    updates: n.updates.map(updateJson),
    inserted_at: formatDateTime(n.insertedAt),
    updated_at: formatDateTime(n.updatedAt),
    timezone: n.timezone,
    service_ids: n.serviceIds,
    featured_from: formatNullable(n.featuredFrom),
    featured_until: formatNullable(n.featuredUntil),
    translations: n.translations,
  };
}

/** Admin form of a service (services endpoints). */
export function serviceAdminJson(s: Service, childrenIds: number[], level: string | null): Record<string, unknown> {
  return {
    ...s.extra,
    id: s.id,
    name: s.name,
    description: s.description,
    private_description: s.privateDescription,
    parent_id: s.parentId,
    children_ids: childrenIds,
    monitoring: s.monitoring,
    ping_url: s.pingUrl,
    private: s.private,
    order: s.order,
    auto_incident: s.autoIncident,
    translations: s.translations,
    current_incident_type: level,
    inserted_at: formatDateTime(s.insertedAt),
    updated_at: formatDateTime(s.updatedAt),
  };
}

export function pagePublicJson(p: Page, level: string | null): Record<string, unknown> {
  return {
    ...p.extra,
    name: p.name,
    url: p.url,
    subdomain: p.subdomain,
    time_zone: p.timeZone,
    current_incident_type: level,
  };
}

/** Admin form of a status page (organization endpoints). */
export function pageAdminJson(p: Page, level: string | null): Record<string, unknown> {
  return {
    ...pagePublicJson(p, level),
    organization_id: p.orgId,
    inserted_at: formatDateTime(p.insertedAt),
    updated_at: formatDateTime(p.updatedAt),
  };
}

export function subscriptionJson(s: Subscription): Record<string, unknown> {
  return {
    ...s.extra,
    id: s.id,
    kind: s.kind,
    email: s.email,
    phone_country_code: s.phoneCountryCode,
    phone_number: s.phoneNumber,
    webhook_url: s.webhookUrl,
    service_ids: s.serviceIds,
    inserted_at: formatDateTime(s.insertedAt),
    updated_at: formatDateTime(s.updatedAt),
  };
}

export function webhookJson(w: Webhook): Record<string, unknown> {
  return {
    ...w.extra,
    id: w.id,
    url: w.url,
    events: w.events,
    inserted_at: formatDateTime(w.insertedAt),
    updated_at: formatDateTime(w.updatedAt),
  };
}

export function accessGroupJson(g: AccessGroup): Record<string, unknown> {
  return {
    ...g.extra,
    id: g.id,
    name: g.name,
    service_ids: g.serviceIds,
    inserted_at: formatDateTime(g.insertedAt),
    updated_at: formatDateTime(g.updatedAt),
  };
}

export function memberJson(m: Membership, user: User | undefined): Record<string, unknown> {
  return {
    ...m.extra,
    id: m.id,
    user_id: m.userId,
    email: user?.email ?? null,
    name: user?.name ?? null,
    role: m.role,
    inserted_at: formatDateTime(m.insertedAt),
    updated_at: formatDateTime(m.updatedAt),
  };
}
