import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../sqlite/open.ts';
import { findPage, listSort } from './paged.ts';
import type { Documents } from './port.ts';
import { createSqliteDocuments } from './sqlite.ts';

const COLLECTION = 'paged_orders';
let dir: string;
let db: DatabaseSync;
let documents: Documents;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paged-'));
  db = openSqlite(join(dir, 'app.db'));
  documents = createSqliteDocuments(db);
  // 25 orders on 3 days, many sharing a day: only the id tells them apart.
  for (let n = 1; n <= 25; n += 1) {
    await documents.upsert(COLLECTION, { _id: `order-${String(n).padStart(2, '0')}`, day: `2025-01-0${(n % 3) + 1}`, status: n % 5 === 0 ? 'closed' : 'open' });
  }
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const toId = (doc: { _id: string }) => doc._id;

describe('findPage', () => {
  it('sorts by the field, then the tie-breakers, then _id, all in the order asked', () => {
    expect(listSort({ sort: 'day', order: 'asc' })).toEqual({ day: 1, _id: 1 });
    expect(listSort({ sort: 'status', order: 'desc' }, ['day'])).toEqual({ status: -1, day: -1, _id: -1 });
    expect(listSort({ sort: 'day', order: 'desc' }, ['day', 'status'])).toEqual({ day: -1, status: -1, _id: -1 });
  });

  it('answers items, total, page and page_size; pages of a sort with ties never overlap or skip', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const result = await findPage(documents, COLLECTION, { page, page_size: 10, sort: 'day', order: 'asc' }, { toItem: toId });
      expect(result).toMatchObject({ total: 25, page, page_size: 10 });
      seen.push(...result.items);
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen.slice(0, 3)).toEqual(['order-03', 'order-06', 'order-09']); // day 2025-01-01, then by id
  });

  it('counts and pages the filtered list only', async () => {
    // day 2025-01-03 holds closed orders 05 and 20: newest day first, ties by id in the same order.
    const result = await findPage(documents, COLLECTION, { page: 1, page_size: 2, sort: 'day', order: 'desc' }, { filter: { status: 'closed' }, toItem: toId });
    expect(result).toEqual({ items: ['order-20', 'order-05'], total: 5, page: 1, page_size: 2 });
  });

  it('a page past the end is empty and still tells the total', async () => {
    const result = await findPage(documents, COLLECTION, { page: 9, page_size: 10, sort: 'day', order: 'asc' }, { toItem: toId });
    expect(result).toEqual({ items: [], total: 25, page: 9, page_size: 10 });
  });
});
