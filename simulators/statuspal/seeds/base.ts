import type { Store } from '../store';

/**
 * Keys and organizations every seed starts with, so tests and the demo always have callers:
 * organization 1 "Acme" (read-write and read-only organization keys, an owner, an editor and a viewer
 * as organization members) and organization 2 "Globex" with its own read-write key (for cross-org 403s).
 * Fixed strings so the demo and docs can print them.
 */
export const DEMO_KEYS = {
  /** organization key of Acme, read-write */
  demoReadWrite: 'demo-acme-org-rw-4f1c9a7e2b',
  /** organization key of Acme, read-only */
  demoReadOnly: 'demo-acme-org-ro-8d3e5b0c6a',
  /** user key: owner of Acme */
  demoUser: 'demo-acme-user-owner-1a2b3c4d',
  /** user key: editor of Acme (organization member) */
  demoEditor: 'demo-acme-user-editor-5e6f7a8b',
  /** user key: viewer of Acme (organization member) */
  demoViewer: 'demo-acme-user-viewer-9c0d1e2f',
  /** organization key of Globex (another organization), read-write */
  otherOrg: 'demo-globex-org-rw-3a4b5c6d7e',
} as const;

export type DemoKeys = { -readonly [K in keyof typeof DEMO_KEYS]: string };

export const DEMO_ORG_ID = 1;
export const OTHER_ORG_ID = 2;

export function seedBase(store: Store, now: number): void {
  const acme = store.createOrg({ id: DEMO_ORG_ID, name: 'Acme', now });
  const globex = store.createOrg({ id: OTHER_ORG_ID, name: 'Globex', now });
  store.addKey({ kind: 'org', orgId: acme.id, access: 'write', key: DEMO_KEYS.demoReadWrite, label: 'Acme read-write' });
  store.addKey({ kind: 'org', orgId: acme.id, access: 'read', key: DEMO_KEYS.demoReadOnly, label: 'Acme read-only' });
  store.addKey({ kind: 'org', orgId: globex.id, access: 'write', key: DEMO_KEYS.otherOrg, label: 'Globex read-write' });
  const people: [string, string, 'owner' | 'editor' | 'viewer', string][] = [
    ['owner@acme.example', 'Olivia Owner', 'owner', DEMO_KEYS.demoUser],
    ['editor@acme.example', 'Eddie Editor', 'editor', DEMO_KEYS.demoEditor],
    ['viewer@acme.example', 'Vera Viewer', 'viewer', DEMO_KEYS.demoViewer],
  ];
  for (const [email, name, role, key] of people) {
    const user = store.ensureUser(email, name);
    const id = store.nextId('member');
    acme.members.set(id, { id, userId: user.id, role, insertedAt: acme.insertedAt, updatedAt: acme.updatedAt, extra: {} });
    store.addKey({ kind: 'user', userId: user.id, key, label: `${name} (${role})` });
  }
}
