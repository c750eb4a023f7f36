import { describe, expect, it } from 'vitest';
import { find as mingoFind, aggregate as mingoAggregate } from 'mingo';
import { openSqlite } from '../sqlite/open.ts';
import type { Doc, Filter, Pipeline, Sort } from './port.ts';
import { compileGroup, NotCompilable } from './sqlite-group.ts';
import { compileFilter } from './sqlite-query.ts';
import { compiledAggregate, createSqliteDocuments } from './sqlite.ts';
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

const pad = (n: number): string => String(n).padStart(2, '0');

/** Grouped paths of every kind: numbers next to numeric strings, null next to missing, booleans, non-ASCII text. */
const groupSample = (): Doc[] => {
  const kinds = ['a', 'b', 1, 2, '1', 'B', 'é', 2.5, null, undefined];
  const docs: Doc[] = [];
  for (let i = 0; i < 48; i++) {
    const doc: Doc = { _id: `g${pad(i)}` };
    const kind = kinds[(i * 7) % kinds.length];
    if (kind !== undefined) doc.kind = kind;
    if (i % 5 === 1) doc.seen = null;
    else if (i % 5 !== 0) doc.seen = `2024-0${(i % 3) + 1}-${pad((i % 28) + 1)}T${pad(i % 24)}:${pad(i)}:00.${String(i * 7).padStart(3, '0')}Z`;
    doc.label = ['Ω😀x', 'abc', 'é', '', 'xyzw'][i % 5];
    // $sum/$avg skip everything but numbers (json_extract would read true as 1)
    doc.amount = [`n/a`, true, null, { v: 1 }, i + 0.5, i][i % 6];
    if (i % 4 === 0) doc.score = i;
    else if (i % 4 === 1) doc.score = `s${i % 7}`;
    else if (i % 4 === 2) doc.score = null;
    if (i % 3 === 0) doc.on = i % 2 === 0;
    else if (i % 3 === 1) doc.on = null;
    doc.place = i % 7 === 0 ? 'nowhere' : { city: i % 2 ? 'Oslo' : 'Paris' };
    if (i % 11 === 0) doc.big = 2 ** 53 + 2;
    else if (i % 11 === 1) doc.big = -1;
    if (i % 8 === 0) doc.tags = ['x', 'y'];
    docs.push(doc);
  }
  return docs;
};

const byDay = (path: string): Record<string, unknown> => ({
  $dateToString: { format: '%Y-%m-%d', date: { $dateFromString: { dateString: path } } },
});

/** Pipelines that compile to SQL; each must give what mingo gives over the same documents in `_id` order. */
const compiledPipelines: Pipeline[] = [
  [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $sort: { count: -1, _id: 1 } }],
  [{ $group: { _id: '$kind', count: { $sum: 1 } } }],
  [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $sort: { count: -1 } }],
  [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $sort: { _id: -1 } }, { $skip: 2 }, { $limit: 3 }],
  [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $skip: 4 }],
  [
    { $match: { score: { $ne: 'nope' } } },
    {
      $group: {
        _id: '$kind',
        n: { $count: {} },
        total: { $sum: '$amount' },
        avg: { $avg: '$amount' },
        lo: { $min: '$score' },
        hi: { $max: '$score' },
        scoreAvg: { $avg: '$score' },
      },
    },
    { $sort: { hi: 1, lo: -1 } },
  ],
  [{ $group: { _id: '$on', count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
  [{ $group: { _id: '$on', count: { $sum: 1 } } }, { $sort: { _id: -1 } }],
  [{ $group: { _id: '$place.city', count: { $sum: 2 } } }, { $sort: { _id: 1 } }],
  [{ $group: { _id: '$seen', count: { $sum: 1 } } }, { $sort: { _id: -1 } }, { $limit: 5 }],
  [{ $match: { kind: { $in: ['a', 1] } } }, { $group: { _id: { $substrBytes: ['$seen', 0, 10] }, count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
  [{ $group: { _id: { $substr: ['$seen', 0, 7] }, count: { $sum: 1 } } }, { $sort: { count: -1, _id: 1 } }],
  [{ $group: { _id: { $substrCP: ['$seen', 0, 10] }, count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
  [{ $group: { _id: { $substrCP: ['$label', 1, 1] }, count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
  [{ $group: { _id: { $substrCP: ['$label', 0, 9] }, count: { $sum: 1 } } }, { $sort: { _id: -1 } }],
  [{ $group: { _id: byDay('$seen'), count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
  [{ $group: { _id: null, count: { $sum: 1 }, total: { $sum: '$amount' }, lo: { $min: '$score' }, hi: { $max: '$score' }, avg: { $avg: '$score' } } }],
  [{ $match: { kind: 'nope' } }, { $group: { _id: null, count: { $sum: 1 } } }],
  [{ $match: { kind: 'nope' } }, { $group: { _id: '$kind', count: { $sum: 1 } } }],
  [{ $group: { _id: 'all', count: { $sum: 1 }, none: { $sum: '$nothing' }, nothing: { $max: '$nothing' } } }],
  [{ $group: { _id: '$big', count: { $sum: 1 }, top: { $max: '$big' }, sum: { $sum: '$big' } } }, { $sort: { _id: 1 } }],
  [{ $group: { _id: '$_id', first: { $min: '$_id' }, s: { $sum: '$_id' } } }, { $sort: { _id: -1 } }, { $limit: 3 }],
  [
    { $match: { kind: { $in: ['a', 1, null] } } },
    { $group: { _id: '$kind', count: { $sum: 1 } } },
    { $sort: { _id: 1 } },
    { $project: { _id: 0, kind: '$_id', count: 1 } },
  ],
  [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $match: { count: { $gt: 4 } } }, { $count: 'kinds' }],
  [
    { $match: { seen: { $ne: null } } },
    {
      $facet: {
        byKind: [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $sort: { count: -1, _id: 1 } }],
        byDay: [{ $group: { _id: { $substrBytes: ['$seen', 0, 10] }, count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
        total: [{ $count: 'n' }],
        stats: [{ $group: { _id: null, lo: { $min: '$score' }, avg: { $avg: '$amount' } } }],
        narrowed: [{ $match: { kind: 'a' } }, { $group: { _id: byDay('$seen'), count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
        latest: [{ $sort: { seen: -1 } }, { $limit: 2 }, { $project: { seen: 1 } }],
      },
    },
  ],
  [{ $facet: { byOn: [{ $group: { _id: '$on', count: { $sum: 1 } } }] } }, { $project: { kinds: { $size: '$byOn' } } }],
];

/** Pipelines SQL would answer differently from MongoDB: they must stay in mingo. */
const mingoPipelines: Pipeline[] = [
  [{ $group: { _id: '$amount', count: { $sum: 1 } } }], // booleans next to numbers, objects
  [{ $group: { _id: '$tags', count: { $sum: 1 } } }], // arrays
  [{ $group: { _id: '$place', count: { $sum: 1 } } }], // objects
  [{ $group: { _id: { kind: '$kind' }, count: { $sum: 1 } } }], // compound keys tell null from missing
  [{ $group: { _id: '$kind', first: { $first: '$score' } } }],
  [{ $group: { _id: '$kind', lo: { $min: '$on' } } }],
  [{ $group: { _id: '$kind', total: { $sum: '$tags' } } }],
  [{ $group: { _id: '$kind', count: { $sum: 1.5 } } }],
  [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $sort: { nope: 1 } }],
  [{ $match: { kind: { $not: { $eq: 'a' } } } }, { $group: { _id: '$kind', count: { $sum: 1 } } }],
  [{ $group: { _id: { $dateToString: { format: '%Y-%m', date: { $dateFromString: { dateString: '$seen' } } } }, count: { $sum: 1 } } }],
  [{ $facet: { byKind: [{ $group: { _id: '$kind', count: { $sum: 1 } } }], byTags: [{ $group: { _id: '$tags', count: { $sum: 1 } } }] } }],
];

describe('SQLite documents: compiled $group agrees with mingo', async () => {
  const db = openSqlite(':memory:');
  const documents = createSqliteDocuments(db);
  const tables = documentTables(db);
  const docs = groupSample();
  for (const doc of docs) await documents.upsert('grouped', doc);
  await documents.ensureIndexes('grouped', ['kind', 'seen']);
  const compile = (collection: string, pipeline: Pipeline) => compiledAggregate(tables, collection, pipeline, tables.shapes(collection));

  for (const pipeline of compiledPipelines) {
    it(`compiles ${JSON.stringify(pipeline)}`, async () => {
      const expected = mingoAggregate(docs, pipeline);
      const run = compile('grouped', pipeline);
      expect(run, 'compiles').toBeDefined();
      // Run without the fallback: a NotCompilable here fails the test.
      expect(run!()).toEqual(expected);
      expect(await documents.aggregate('grouped', pipeline)).toEqual(expected);
    });
  }

  for (const pipeline of mingoPipelines) {
    it(`leaves ${JSON.stringify(pipeline)} to mingo`, async () => {
      expect(compile('grouped', pipeline)).toBeUndefined();
      expect(await documents.aggregate('grouped', pipeline)).toEqual(mingoAggregate(docs, pipeline));
    });
  }

  it('gives null and missing one group, _id: null, and tells 1 from "1"', async () => {
    const rows = await documents.aggregate('grouped', [{ $group: { _id: '$kind', count: { $sum: 1 } } }, { $sort: { _id: 1 } }]);
    expect(rows.map((row) => row._id)).toEqual([null, 1, 2, 2.5, '1', 'B', 'a', 'b', 'é']);
    expect(rows[0]).toEqual({ _id: null, count: 10 });
  });

  it('emits no row for $group _id: null, and an empty $count in a $facet, over no documents (as MongoDB)', async () => {
    expect(await documents.aggregate('grouped', [{ $match: { kind: 'nope' } }, { $group: { _id: null, n: { $sum: 1 } } }])).toEqual([]);
    expect(
      await documents.aggregate('grouped', [
        { $match: { kind: 'nope' } },
        { $facet: { total: [{ $count: 'n' }], byKind: [{ $group: { _id: '$kind', n: { $sum: 1 } } }] } },
      ]),
    ).toEqual([{ total: [], byKind: [] }]); // mingo says total: [{ n: 0 }]
  });

  it('falls back to mingo when a row holds a string SQL cannot answer for exactly', async () => {
    const odd: Doc[] = [
      { _id: 'o1', at: '2024-03-01T23:00:00.000-05:00', name: 'é1234' },
      { _id: 'o2', at: '2024-03-01', name: 'abcd' },
      { _id: 'o3', at: '2024-02-30T10:00:00.000Z', name: 'abcdef' },
      { _id: 'o4', at: '2024-03-02T10:00:00.000Z', name: 'abc' },
    ];
    for (const doc of odd) await documents.upsert('odd', doc);
    for (const pipeline of [
      [{ $group: { _id: byDay('$at'), count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
      [{ $match: { _id: { $ne: 'o4' } } }, { $group: { _id: { $substrBytes: ['$name', 0, 3] }, count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
    ]) {
      const run = compile('odd', pipeline);
      expect(run).toBeDefined();
      expect(() => run!()).toThrow(NotCompilable);
      expect(await documents.aggregate('odd', pipeline)).toEqual(mingoAggregate(odd, pipeline));
    }
    // a string shorter than the bytes asked for: mingo raises, and so does the adapter
    const short = [{ $group: { _id: { $substrBytes: ['$name', 0, 4] }, count: { $sum: 1 } } }];
    expect(() => mingoAggregate(odd, short)).toThrow();
    await expect(documents.aggregate('odd', short)).rejects.toThrow();
    await documents.drop('odd');
  });

  it('stops compiling a path once it holds arrays', async () => {
    const pipeline = [{ $group: { _id: '$v', count: { $sum: 1 } } }];
    await documents.upsert('turning', { _id: 'a', v: 'x' });
    expect(compile('turning', pipeline)).toBeDefined();
    await documents.upsert('turning', { _id: 'b', v: ['x', 'y'] });
    expect(compile('turning', pipeline)).toBeUndefined();
    expect(await documents.aggregate('turning', pipeline)).toEqual(mingoAggregate([{ _id: 'a', v: 'x' }, { _id: 'b', v: ['x', 'y'] }], pipeline));
    await documents.drop('turning');
  });

  it('groups an indexed path in index order, and a filtered one from the filter index', () => {
    const plan = (filter: Filter | undefined): string => {
      const group = compileGroup(filter, [{ $group: { _id: '$kind', count: { $sum: 1 } } }], tables.shapes('grouped'))!;
      return db
        .prepare(`EXPLAIN QUERY PLAN ${group.sql}`)
        .all('grouped', ...group.params)
        .map((row) => String(row.detail))
        .join('\n');
    };
    expect(plan(undefined)).toContain('INDEX documents_by_kind');
    expect(plan(undefined)).not.toContain('TEMP B-TREE FOR GROUP BY');
    expect(plan({ seen: { $gte: '2024-02' } })).toContain('INDEX documents_by_seen');
  });
});
