import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../sqlite/open.ts';
import { ConcurrencyError, type NewEvent } from './port.ts';
import { createSqliteEventStore } from './sqlite.ts';

const event = (id: string): NewEvent => ({
  id, type: 'Tested', data: { id }, occurredAt: '2026-01-01T00:00:00.000Z', actor: null, correlationId: 'c', causationId: null,
});

describe('SQLite event store: group commit', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());
  const open = () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    const db = openSqlite(join(dir, 'events.sqlite'));
    cleanup = () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { db, store: createSqliteEventStore(db) };
  };

  it('commits appends of one burst together, and a conflict fails only its own append', async () => {
    const { store } = open();
    let notified = 0;
    store.onAppended((events) => (notified += events.length));
    const results = await Promise.allSettled([
      store.append('a-1', 0, [event('e1')]),
      store.append('a-2', 0, [event('e2'), event('e3')]),
      store.append('a-1', 0, [event('e4')]), // same stream, same expected version: loses to the first
      store.append('a-3', 0, [event('e5'), event('e1')]), // duplicate event id: rolled back whole
      store.append('a-4', 'any', [event('e6')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const all = await store.readAll({ after: 0, limit: 100 });
    expect(all.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e6']);
    expect(await store.readStream('a-3')).toEqual([]);
    expect(notified).toBe(4);
  });

  it('answers an append only after its transaction committed (a second connection sees it)', async () => {
    const { db, store } = open();
    const file = db.location();
    if (!file) throw new Error('expected a file database');
    await store.append('b-1', 0, [event('x1')]);
    const other = openSqlite(file);
    try {
      const row = other.prepare('SELECT COUNT(*) AS n FROM events WHERE id = ?').get('x1') as { n: number };
      expect(row.n).toBe(1);
    } finally {
      other.close();
    }
  });
});
