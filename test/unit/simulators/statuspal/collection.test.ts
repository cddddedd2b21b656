import { describe, expect, it } from 'vitest';
import type { RequestCtx, SimCore } from '../../../../simulators/statuspal/context';
import { applyChanges } from '../../../../simulators/statuspal/resources/common';
import { collectionRoutes, recordIn, type Collection } from '../../../../simulators/statuspal/resources/collection';

interface Note {
  id: number;
  text: string;
  updatedAt: number;
  extra: Record<string, unknown>;
}

const core = { options: { createStatus: 201 } } as unknown as SimCore;
const ctxWith = (params: Record<string, string>, body: unknown): RequestCtx => ({ core, params, body: () => body }) as unknown as RequestCtx;
const edit = { scope: 'page', need: 'edit' } as const;

function notes(extra: Partial<Collection<Note, Map<number, Note>>> = {}) {
  const store = new Map<number, Note>([[1, { id: 1, text: 'one', updatedAt: 0, extra: {} }]]);
  const routes = collectionRoutes<Note, Map<number, Note>>({
    op: 'notes',
    path: '/status_pages/:sd/notes',
    key: 'note',
    read: 'none',
    write: edit,
    holder: () => store,
    list: () => ({ status: 200, body: { notes: [...store.values()] } }),
    find: (ctx, s) => recordIn(s, Number(ctx.params.id), 'note'),
    view: (_ctx, n) => ({ id: n.id, text: n.text }),
    create(_ctx, s, o) {
      const n = { id: s.size + 1, text: String(o.text), updatedAt: 0, extra: {} };
      s.set(n.id, n);
      return n;
    },
    update: (_ctx, _s, n, o) => applyChanges(n, { text: o.text as string | undefined, extra: {} }, ['text'], 1_000),
    remove: (_ctx, s, n) => s.delete(n.id),
    idOf: (n) => n.id,
    ...extra,
  });
  const route = (op: string) => routes.find((r) => r.op === op)!;
  return { store, routes, route };
}

describe('a simulator collection', () => {
  it('has the five operations in the order the router tries them, reads with the read access, writes with the write access', () => {
    const { routes } = notes();
    expect(routes.map((r) => [r.op, r.method, r.path, r.access])).toEqual([
      ['notes.list', 'GET', '/status_pages/:sd/notes', 'none'],
      ['notes.create', 'POST', '/status_pages/:sd/notes', edit],
      ['notes.get', 'GET', '/status_pages/:sd/notes/:id', 'none'],
      ['notes.update', 'PUT', '/status_pages/:sd/notes/:id', edit],
      ['notes.delete', 'DELETE', '/status_pages/:sd/notes/:id', edit],
    ]);
  });

  it('leaves out a get when the API has none, and a list when none is given', () => {
    const { routes } = notes({ noGet: true, list: undefined, idParam: 'uid' });
    expect(routes.map((r) => `${r.op} ${r.path}`)).toEqual([
      'notes.create /status_pages/:sd/notes',
      'notes.update /status_pages/:sd/notes/:uid',
      'notes.delete /status_pages/:sd/notes/:uid',
    ]);
  });

  it('answers each record under its key, with the created status and the id for the write log', () => {
    const { route, store } = notes();
    expect(route('notes.create').handle(ctxWith({}, { note: { text: 'two' } }))).toEqual({ status: 201, body: { note: { id: 2, text: 'two' } }, resultId: 2 });
    expect(route('notes.get').handle(ctxWith({ id: '2' }, undefined))).toMatchObject({ status: 200, body: { note: { id: 2, text: 'two' } } });
    expect(route('notes.delete').handle(ctxWith({ id: '2' }, undefined))).toEqual({ status: 200, body: null, resultId: 2, deleted: true });
    expect(store.has(2)).toBe(false);
  });

  it('an update changes only what it names and moves updated_at; an unknown id is a 404 whatever the body', () => {
    const { route, store } = notes();
    route('notes.update').handle(ctxWith({ id: '1' }, { note: {} }));
    expect(store.get(1)).toMatchObject({ text: 'one', updatedAt: 1_000 });
    route('notes.update').handle(ctxWith({ id: '1' }, { note: { text: 'uno' } }));
    expect(store.get(1)?.text).toBe('uno');
    expect(() => route('notes.update').handle(ctxWith({ id: '9' }, 'not an object'))).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => route('notes.update').handle(ctxWith({ id: '1' }, 'not an object'))).toThrow(expect.objectContaining({ status: 422 }));
  });
});
