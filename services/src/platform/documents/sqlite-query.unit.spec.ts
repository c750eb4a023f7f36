import { describe, expect, it } from 'vitest';
import { find as mingoFind, aggregate as mingoAggregate } from 'mingo';
import { openSqlite } from '../sqlite/open.ts';
import type { Doc, Filter, Sort } from './port.ts';
import { compileFilter } from './sqlite-query.ts';
import { createSqliteDocuments } from './sqlite.ts';
import { documentTables } from './sqlite-tables.ts';

/** Deterministic data covering types MongoDB treats differently: numbers, strings, booleans, null, missing, arrays, objects. */
const sample = (): Doc[] => {
  const docs: Doc[] = [];
  const statuses = ['open', 'closed', 'pending', 'Open', 'o'];
  for (let i = 0; i < 60; i++) {
    const doc: Doc = { _id: `d${String(i).padStart(3, '0')}` };
    if (i % 7 !== 0) doc.status = statuses[i % statuses.length];
    doc.n = i % 5 === 0 ? i + 0.5 : i;
    if (i % 4 === 0) doc.flag = i % 8 === 0;
    if (i % 9 === 0) doc.maybe = null;
    else if (i % 3 === 0) doc.maybe = `m${i}`;
    doc.created_at = `2024-01-${String((i % 28) + 1).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00.000Z`;
    doc.nested = { city: i % 2 ? 'Paris' : 'Oslo', zip: i % 10 };
    // mixed: numbers, numeric strings, booleans at one path
    doc.mixed = i % 3 === 0 ? i : i % 3 === 1 ? String(i) : i % 2 === 0;
    if (i % 6 === 0) doc.tags = ['a', i % 12 === 0 ? 'b' : 'c'];
    else if (i % 5 === 1) doc.tags = 'a';
    docs.push(doc);
  }
  return docs;
};

const filters: Filter[] = [
  {},
  { status: 'open' },
  { status: { $eq: 'open' } },
  { status: { $ne: 'open' } },
  { status: null },
  { status: { $ne: null } },
  { status: { $in: ['open', 'pending', null] } },
  { status: { $nin: ['open', 'pending'] } },
  { status: { $nin: ['open', null] } },
  { status: { $in: [] } },
  { n: 3 },
  { n: { $gt: 10, $lte: 30 } },
  { n: { $gte: 20.5 } },
  { n: { $lt: '5' } },
  { n: '3' },
  { flag: true },
  { flag: false },
  { flag: 1 },
  { flag: { $ne: true } },
  { flag: { $exists: true } },
  { flag: { $exists: false } },
  { maybe: null },
  { maybe: { $exists: true } },
  { maybe: { $in: [null, 'm3'] } },
  { created_at: { $gte: '2024-01-10', $lt: '2024-01-20' } },
  { 'nested.city': 'Paris' },
  { 'nested.zip': { $in: [1, 2, 3] } },
  { 'nested.zip.deeper': null },
  { 'nested.city': { $regex: '^Par' } },
  { status: { $regex: '^o', $options: 'i' } },
  { status: /pen$/ },
  { status: { $regex: 'e.d' } },
  { mixed: { $gt: 10 } },
  { mixed: { $gt: '10' } },
  { mixed: true },
  { mixed: 3 },
  { tags: 'a' },
  { tags: { $in: ['b'] } },
  { tags: { $ne: 'a' } },
  { _id: 'd003' },
  { _id: { $in: ['d001', 'd002', 'x'] } },
  { _id: { $gt: 'd050' } },
  { _id: 5 },
  { _id: { $gt: 5 } },
  { _id: { $nin: [3, 'd004'] } },
  { $or: [{ status: 'open' }, { n: { $lt: 3 } }] },
  { $and: [{ n: { $gt: 5 } }, { $or: [{ flag: true }, { maybe: { $exists: true } }] }] },
  { $or: [{ tags: 'b' }, { n: 1 }] },
  { $nor: [{ status: 'open' }] },
  { n: { $not: { $gt: 5 } } },
  { nested: { city: 'Paris', zip: 1 } },
  { status: 'open', n: { $gt: 10 } },
];

const sorts: (Sort | undefined)[] = [undefined, { n: 1 }, { n: -1 }, { created_at: -1 }, { status: 1, n: -1 }, { flag: 1 }, { mixed: 1 }, { maybe: -1 }, { tags: 1 }, { 'nested.city': 1, _id: -1 }];

const ids = (docs: Doc[]): string[] => docs.map((d) => d._id);

describe('SQLite documents: compiled SQL agrees with mingo', async () => {
  const db = openSqlite(':memory:');
  const documents = createSqliteDocuments(db);
  const docs = sample();
  for (const doc of docs) await documents.upsert('things', doc);
  await documents.ensureIndexes('things', ['status', 'created_at', 'n']);

  for (const filter of filters) {
    it(`find ${JSON.stringify(filter)} (${filter.status instanceof RegExp ? String(filter.status) : ''})`, async () => {
      const expected = ids(mingoFind(docs, filter).sort({ _id: 1 }).all() as Doc[]);
      expect(ids(await documents.find('things', filter))).toEqual(expected);
      expect(await documents.count('things', filter)).toBe(expected.length);
    });
  }

  for (const sort of sorts) {
    it(`sort ${JSON.stringify(sort)} with skip/limit`, async () => {
      const withTie = { ...(sort ?? {}), ...(sort && '_id' in sort ? {} : { _id: sort ? (Object.values(sort).at(-1) ?? 1) : 1 }) };
      const filter = { n: { $gt: 2 } };
      const expected = ids(mingoFind(docs, filter).sort(withTie as Sort).skip(3).limit(7).all() as Doc[]);
      expect(ids(await documents.find('things', filter, { sort, skip: 3, limit: 7 }))).toEqual(expected);
    });
  }

  it('compiles the common subset fully to SQL', () => {
    const shapes = documentTables(db).shapes('things');
    for (const filter of [
      { status: 'open', n: { $gt: 1 } },
      { status: { $in: ['a', 'b'] }, created_at: { $gte: '2024' } },
      { $or: [{ flag: true }, { maybe: null }] },
      { 'nested.city': { $regex: '^P' }, _id: { $ne: 'x' } },
      { maybe: { $exists: false }, status: { $nin: ['x'] } },
    ]) {
      expect(compileFilter(filter, shapes).residual, JSON.stringify(filter)).toBeNull();
    }
    // array-valued paths and unsupported operators stay in mingo
    expect(compileFilter({ tags: 'a' }, shapes).residual).toEqual({ tags: 'a' });
    expect(compileFilter({ status: 'open', n: { $not: { $gt: 1 } } }, shapes).residual).toEqual({ n: { $not: { $gt: 1 } } });
  });

  it('uses the expression index for a filtered, sorted page', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT body FROM documents WHERE collection = ? AND json_extract(body, '$."created_at"') >= ? ORDER BY json_extract(body, '$."created_at"') DESC, id DESC LIMIT 10`,
      )
      .all('things', '2024')
      .map((row) => String(row.detail))
      .join('\n');
    expect(plan).toContain('documents_by_created_at');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('aggregates with a leading $match like mingo', async () => {
    const pipelines = [
      [{ $match: { n: { $gt: 5 } } }, { $group: { _id: '$status', count: { $sum: 1 } } }, { $sort: { count: -1, _id: 1 } }],
      [{ $match: { status: 'open' } }, { $sort: { n: -1 } }, { $limit: 3 }, { $project: { n: 1 } }],
      [{ $match: { tags: 'a' } }, { $count: 'total' }],
      [{ $group: { _id: { $substrBytes: ['$created_at', 0, 10] }, c: { $count: {} } } }, { $sort: { _id: 1 } }],
    ];
    for (const pipeline of pipelines) {
      expect(await documents.aggregate('things', pipeline)).toEqual(mingoAggregate(docs, pipeline));
    }
  });

  it('keeps results exact after a path starts holding arrays', async () => {
    await documents.upsert('shift', { _id: 'a', v: 'x' });
    await documents.upsert('shift', { _id: 'b', v: 'y' });
    expect(ids(await documents.find('shift', { v: 'x' }))).toEqual(['a']);
    await documents.upsert('shift', { _id: 'c', v: ['x', 'z'] });
    expect(ids(await documents.find('shift', { v: 'x' }))).toEqual(['a', 'c']);
    await documents.drop('shift');
    expect(await documents.count('shift')).toBe(0);
    expect(documentTables(db).shapes('shift').size).toBe(0);
  });
});
