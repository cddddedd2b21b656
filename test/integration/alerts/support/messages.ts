import type { AlertMessage } from '../../../../shared/alerts/alert-message';

/** A message about incident `incident` of page `page`; `n` makes its key (and headline) unique. */
export function alertMessage(
  options: { page?: string; incident?: string; n?: number; action?: AlertMessage['action']; test?: boolean; changes?: number } = {},
): AlertMessage {
  const page = options.page ?? 'acme';
  const incident = options.incident ?? 'inc-1';
  const n = options.n ?? 1;
  const action = options.action ?? 'trigger';
  const changes = Array.from({ length: options.changes ?? 1 }, (_, i) => ({
    pageId: i === 0 ? page : `${page}-${i}`,
    pageName: i === 0 ? 'Acme Cloud' : `Acme Cloud ${i}`,
    pageUrl: 'https://status.acme.example',
    subject: { kind: 'incident' as const, id: incident, title: 'Logins fail', url: `https://status.acme.example/incidents/${incident}` },
    phase: action === 'resolve' ? ('resolved' as const) : n === 1 ? ('opened' as const) : ('updated' as const),
    severity: 'major' as const,
    headline: `Major outage: Logins fail (update ${n})`,
    text: `Update ${n}: we are looking into it <b>&</b> more`,
    services: ['API', 'Web'],
    at: '2026-12-02T14:05:00.000Z',
  }));
  return {
    key: `${page}/${incident}/${action}/${n}`,
    incidentKey: `${page}/${incident}`,
    action,
    title: `Acme Cloud: Logins fail (${n})`,
    severity: 'major',
    changes,
    test: options.test ?? false,
    createdAt: '2026-12-02T14:05:00.000Z',
  };
}
