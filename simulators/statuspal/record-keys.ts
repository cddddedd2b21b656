/**
 * The JSON keys that are a record's own fields. Anything else a client or a captured document sends is
 * kept as an extra and given back as it came. A write's request may also carry `notify`, which is not
 * stored under that name.
 */
export const INCIDENT_KEYS = [
  'id',
  'type',
  'title',
  'url',
  'starts_at',
  'ends_at',
  'service_ids',
  'updates',
  'inserted_at',
  'updated_at',
  'timezone',
  'affects_uptime',
  'translations',
] as const;

export const NOTICE_KEYS = [
  'id',
  'title',
  'url',
  'updates',
  'service_ids',
  'featured_from',
  'featured_until',
  'inserted_at',
  'updated_at',
  'timezone',
  'translations',
] as const;

/** Incident updates and notice updates alike. */
export const UPDATE_KEYS = [
  'id',
  'type',
  'description',
  'description_html',
  'posted_at',
  'inserted_at',
  'updated_at',
  'subscribers_notified_at',
  'translations',
  'tweet',
] as const;
