import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../platform/event-store/sqlite.ts';
import { positionAsOf, UntilDate } from './replay-as-of.ts';
import { NamespaceName } from './replay-namespace.ts';

describe('--until', () => {
  it('takes a day as the end of that day UTC, and an ISO 8601 instant with its offset', () => {
    expect(UntilDate.parse('2026-03-01')).toBe(Date.parse('2026-03-01T23:59:59.999Z'));
    expect(UntilDate.parse('2026-03-01T12:00:00Z')).toBe(Date.parse('2026-03-01T12:00:00Z'));
    expect(UntilDate.parse('2026-03-01T12:00:00-08:00')).toBe(Date.parse('2026-03-01T20:00:00Z'));
  });

  it.each(['2026-02-30', '2026-13-45', '2026-03-01T12:00:00', 'yesterday', ''])('refuses %j in words', (value) => {
    const parsed = UntilDate.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^--until must be a day \(YYYY-MM-DD/);
  });
});

describe('positionAsOf', () => {
  const at = (iso: string, i: number) => ({ id: `e${i}`, type: 'T', data: {}, occurredAt: iso, actor: null, correlationId: 'c', causationId: null });

  it('cuts the log before the first event recorded after the instant, even if a later one has an earlier time', async () => {
    const store = createSqliteEventStore(new DatabaseSync(':memory:'));
    const times = ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-03T00:00:00Z', '2026-01-02T12:00:00Z'];
    for (const [i, time] of times.entries()) await store.append(`s-${i}`, 0, [at(time, i)]);
    expect(await positionAsOf(store, Date.parse('2025-12-31T00:00:00Z'), 2)).toBe(0);
    expect(await positionAsOf(store, Date.parse('2026-01-02T00:00:00Z'), 2)).toBe(2);
    expect(await positionAsOf(store, Date.parse('2026-01-02T18:00:00Z'), 2)).toBe(2); // the fourth waits behind the third
    expect(await positionAsOf(store, Date.parse('2026-02-01T00:00:00Z'), 2)).toBe(4);
  });
});

describe('--namespace', () => {
  it('is lower-case letters, digits and hyphens (a file name and a collection prefix)', () => {
    expect(NamespaceName.parse('audit-2026-03')).toBe('audit-2026-03');
    for (const bad of ['No Spaces', '-lead', 'a_b', '../x', 'x'.repeat(41)]) expect(NamespaceName.safeParse(bad).error?.issues[0]?.message).toMatch(/1 to 40 lower-case letters/);
  });
});
