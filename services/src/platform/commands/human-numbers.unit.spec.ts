import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import { openSqlite } from '../sqlite/open.ts';
import { allocateNumber, numberLabel, type NumberSeries } from './human-numbers.ts';
import type { CommandMeta } from './metadata.ts';

const series: NumberSeries = { stream: 'shop-numbers-orders', eventType: 'ShopOrderNumberAllocated', prefix: 'ORD', start: 100_000 };
const meta = (): CommandMeta => ({ now: new Date('2026-01-01T00:00:00Z'), actor: 'test', correlationId: 'c', causationId: null, newId: randomUUID });

describe('human numbers', () => {
  it('gives consecutive numbers from start + 1, each recorded with what carries it', async () => {
    const store = createSqliteEventStore(openSqlite(':memory:'));
    const first = await allocateNumber(store, series, 'order-a', meta());
    const second = await allocateNumber(store, series, 'order-b', meta());
    expect([first.label, second.label]).toEqual(['ORD-100001', 'ORD-100002']);
    const stored = await store.readStream(series.stream);
    expect(stored.map((e) => [e.type, e.data])).toEqual([
      ['ShopOrderNumberAllocated', { number: 100_001, label: 'ORD-100001', for_id: 'order-a' }],
      ['ShopOrderNumberAllocated', { number: 100_002, label: 'ORD-100002', for_id: 'order-b' }],
    ]);
  });

  it('never gives one number twice when writers with their own view of the series race (two processes)', async () => {
    const db = openSqlite(':memory:');
    const one = createSqliteEventStore(db);
    const two = createSqliteEventStore(db);
    const ids = Array.from({ length: 30 }, (_, i) => `order-${i}`);
    const given = await Promise.all(ids.map((id, i) => allocateNumber(i % 2 ? one : two, series, id, meta())));
    const numbers = given.map((g) => g.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(ids.length);
    expect(numbers).toEqual(ids.map((_, i) => 100_001 + i));
  });

  it('writes the label with the prefix', () => {
    expect(numberLabel({ prefix: 'CLM' }, 100_017)).toBe('CLM-100017');
  });
});
