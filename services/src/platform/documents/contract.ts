import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, Documents, Filter } from './port.ts';

export interface DocumentsUnderTest {
  documents: Documents;
  cleanup(): Promise<void>;
}

const unique = (label: string): string => `${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const ids = (docs: readonly Doc[]): string[] => docs.map((doc) => doc._id);

/** Interactions as the insights dashboards see them: several types, users, days, optional and null fields. */
const interactions: Doc[] = [
  { _id: 'i01', type: 'page_view', user: 'u1', ms: 120, premium: true, created_at: '2024-03-01T08:00:00.000Z', page: { path: '/home' } },
  { _id: 'i02', type: 'click', user: 'u2', ms: 40, premium: false, created_at: '2024-03-01T09:30:00.000Z', page: { path: '/plans' } },
  { _id: 'i03', type: 'page_view', user: 'u2', ms: 300.5, created_at: '2024-03-01T23:59:59.000Z', page: { path: '/plans' } },
  { _id: 'i04', type: 'search', user: 'u3', ms: 75, premium: true, ref: null, created_at: '2024-03-02T00:00:00.000Z', query: 'Roof' },
  { _id: 'i05', type: 'click', user: 'u1', ms: 10, created_at: '2024-03-02T12:00:00.000Z', page: { path: '/orders' } },
  { _id: 'i06', type: 'page_view', user: 'u4', ms: 220, premium: false, ref: 'mail', created_at: '2024-03-03T07:15:00.000Z', page: { path: '/home' } },
  { _id: 'i07', type: 'search', user: 'u4', ms: 80, created_at: '2024-03-03T10:00:00.000Z', query: 'roofing' },
  { _id: 'i08', type: 'signup', user: 'u5', ms: 999, premium: true, ref: 'ad', created_at: '2024-03-03T18:45:00.000Z' },
];

/** Runs the Documents port contract against one adapter. */
export const documentsContract = (name: string, make: () => Promise<DocumentsUnderTest>): void => {
  describe(`Documents contract: ${name}`, () => {
    let subject: DocumentsUnderTest;
    let documents: Documents;
    let events: string;

    beforeAll(async () => {
      subject = await make();
      documents = subject.documents;
      events = unique('interactions');
      for (const doc of interactions) await documents.upsert(events, doc);
    });
    afterAll(async () => {
      await documents?.drop(events);
      await subject?.cleanup();
    });

    it('upserts, gets, replaces and deletes a document', async () => {
      const collection = unique('orders');
      expect(await documents.get(collection, 'o1')).toBeNull();
      await documents.upsert(collection, { _id: 'o1', status: 'placed', total: 120, lines: [{ sku: 'a', qty: 2 }] });
      expect(await documents.get(collection, 'o1')).toEqual({ _id: 'o1', status: 'placed', total: 120, lines: [{ sku: 'a', qty: 2 }] });
      await documents.upsert(collection, { _id: 'o1', status: 'paid' });
      expect(await documents.get(collection, 'o1')).toEqual({ _id: 'o1', status: 'paid' });
      expect(await documents.get(unique('other'), 'o1')).toBeNull();
      expect(await documents.delete(collection, 'o1')).toBe(true);
      expect(await documents.delete(collection, 'o1')).toBe(false);
      expect(await documents.get(collection, 'o1')).toBeNull();
    });

    const cases: [string, Filter, string[]][] = [
      ['everything', {}, ['i01', 'i02', 'i03', 'i04', 'i05', 'i06', 'i07', 'i08']],
      ['implicit $eq', { type: 'click' }, ['i02', 'i05']],
      ['$eq', { user: { $eq: 'u2' } }, ['i02', 'i03']],
      ['$eq on a number', { ms: 75 }, ['i04']],
      ['$eq on a boolean', { premium: true }, ['i01', 'i04', 'i08']],
      ['a number never equals a boolean', { premium: 1 }, []],
      ['a string never equals a number', { ms: '75' }, []],
      ['$ne (missing fields match)', { premium: { $ne: true } }, ['i02', 'i03', 'i05', 'i06', 'i07']],
      ['null matches null and missing', { ref: null }, ['i01', 'i02', 'i03', 'i04', 'i05', 'i07']],
      ['$ne null', { ref: { $ne: null } }, ['i06', 'i08']],
      ['$in', { type: { $in: ['search', 'signup'] } }, ['i04', 'i07', 'i08']],
      ['$in with null', { ref: { $in: ['ad', null] } }, ['i01', 'i02', 'i03', 'i04', 'i05', 'i07', 'i08']],
      ['$nin', { type: { $nin: ['page_view', 'click'] } }, ['i04', 'i07', 'i08']],
      ['$gt and $lte on numbers', { ms: { $gt: 75, $lte: 300 } }, ['i01', 'i06', 'i07']],
      ['$gte and $lt on ISO strings', { created_at: { $gte: '2024-03-02', $lt: '2024-03-03' } }, ['i04', 'i05']],
      ['$exists true (null counts as present)', { ref: { $exists: true } }, ['i04', 'i06', 'i08']],
      ['$exists false', { premium: { $exists: false } }, ['i03', 'i05', 'i07']],
      ['dotted path', { 'page.path': '/plans' }, ['i02', 'i03']],
      ['anchored $regex', { query: { $regex: '^roof' } }, ['i07']],
      ['$regex with options i', { query: { $regex: '^roof', $options: 'i' } }, ['i04', 'i07']],
      ['$regex unanchored', { 'page.path': { $regex: 'la' } }, ['i02', 'i03']],
      ['$and', { $and: [{ type: 'page_view' }, { ms: { $gt: 200 } }] }, ['i03', 'i06']],
      ['$or', { $or: [{ type: 'signup' }, { user: 'u1' }] }, ['i01', 'i05', 'i08']],
      ['$or inside $and with a field', { premium: true, $or: [{ ms: { $lt: 100 } }, { type: 'signup' }] }, ['i04', 'i08']],
      ['_id', { _id: { $in: ['i03', 'i05', 'nope'] } }, ['i03', 'i05']],
    ];
    for (const [label, filter, expected] of cases) {
      it(`finds and counts with ${label}`, async () => {
        expect(ids(await documents.find(events, filter))).toEqual(expected);
        expect(await documents.count(events, filter)).toBe(expected.length);
      });
    }

    it('sorts ascending, descending and by several keys', async () => {
      expect(ids(await documents.find(events, {}, { sort: { created_at: -1 } }))).toEqual([
        'i08', 'i07', 'i06', 'i05', 'i04', 'i03', 'i02', 'i01',
      ]);
      expect(ids(await documents.find(events, { type: 'page_view' }, { sort: { ms: 1 } }))).toEqual(['i01', 'i06', 'i03']);
      expect(ids(await documents.find(events, {}, { sort: { type: 1, ms: -1 } }))).toEqual([
        'i02', 'i05', 'i03', 'i06', 'i01', 'i07', 'i04', 'i08',
      ]);
      // missing and null sort first ascending
      expect(ids(await documents.find(events, {}, { sort: { ref: 1, _id: 1 } }))).toEqual([
        'i01', 'i02', 'i03', 'i04', 'i05', 'i07', 'i08', 'i06',
      ]);
    });

    it('pages with skip and limit', async () => {
      const page = (skip: number) => documents.find(events, { type: { $ne: 'signup' } }, { sort: { created_at: -1 }, skip, limit: 3 });
      expect(ids(await page(0))).toEqual(['i07', 'i06', 'i05']);
      expect(ids(await page(3))).toEqual(['i04', 'i03', 'i02']);
      expect(ids(await page(6))).toEqual(['i01']);
      expect(ids(await documents.find(events, {}, { limit: 2 }))).toEqual(['i01', 'i02']);
      expect(ids(await documents.find(events, {}, { skip: 6 }))).toEqual(['i07', 'i08']);
    });

    it('aggregates counts per field, sorted', async () => {
      const rows = await documents.aggregate(events, [
        { $match: { created_at: { $gte: '2024-03-01' } } },
        { $group: { _id: '$type', count: { $sum: 1 }, ms: { $sum: '$ms' } } },
        { $sort: { count: -1, _id: 1 } },
      ]);
      expect(rows).toEqual([
        { _id: 'page_view', count: 3, ms: 640.5 },
        { _id: 'click', count: 2, ms: 50 },
        { _id: 'search', count: 2, ms: 155 },
        { _id: 'signup', count: 1, ms: 999 },
      ]);
      expect(await documents.aggregate(events, [{ $match: { type: 'click' } }, { $count: 'total' }])).toEqual([{ total: 2 }]);
      expect(await documents.aggregate(events, [{ $match: { type: 'nope' } }, { $count: 'total' }])).toEqual([]);
    });

    it('buckets by day', async () => {
      const expected = [
        { _id: '2024-03-01', count: 3 },
        { _id: '2024-03-02', count: 2 },
        { _id: '2024-03-03', count: 3 },
      ];
      expect(
        await documents.aggregate(events, [
          { $group: { _id: { $substrBytes: ['$created_at', 0, 10] }, count: { $sum: 1 } } },
          { $sort: { _id: 1 } },
        ]),
      ).toEqual(expected);
      expect(
        await documents.aggregate(events, [
          { $match: { type: { $exists: true } } },
          {
            $group: {
              _id: { $dateToString: { format: '%Y-%m-%d', date: { $dateFromString: { dateString: '$created_at' } } } },
              count: { $count: {} },
            },
          },
          { $sort: { _id: 1 } },
        ]),
      ).toEqual(expected);
    });

    it('groups null and missing under _id: null, and facets over no documents', async () => {
      expect(await documents.aggregate(events, [{ $group: { _id: '$ref', count: { $sum: 1 } } }, { $sort: { _id: 1 } }])).toEqual([
        { _id: null, count: 6 },
        { _id: 'ad', count: 1 },
        { _id: 'mail', count: 1 },
      ]);
      const totals = { n: { $sum: 1 }, ms: { $sum: '$ms' }, lo: { $min: '$ms' }, hi: { $max: '$ms' }, avg: { $avg: '$ms' } };
      expect(await documents.aggregate(events, [{ $group: { _id: null, ...totals } }])).toEqual([
        { _id: null, n: 8, ms: 1844.5, lo: 10, hi: 999, avg: 230.5625 },
      ]);
      expect(await documents.aggregate(events, [{ $match: { type: 'nope' } }, { $group: { _id: null, ...totals } }])).toEqual([]);
      expect(
        await documents.aggregate(events, [
          { $match: { type: 'nope' } },
          { $facet: { total: [{ $count: 'n' }], byType: [{ $group: { _id: '$type', n: { $sum: 1 } } }] } },
        ]),
      ).toEqual([{ total: [], byType: [] }]);
    });

    it('runs $facet and $project', async () => {
      const [result] = await documents.aggregate(events, [
        { $match: { premium: { $exists: true } } },
        {
          $facet: {
            total: [{ $count: 'n' }],
            byPremium: [{ $group: { _id: '$premium', count: { $sum: 1 } } }, { $sort: { _id: 1 } }],
            latest: [{ $sort: { created_at: -1 } }, { $limit: 2 }, { $project: { _id: 0, user: 1, type: 1 } }],
          },
        },
      ]);
      expect(result).toEqual({
        total: [{ n: 5 }],
        byPremium: [
          { _id: false, count: 2 },
          { _id: true, count: 3 },
        ],
        latest: [
          { type: 'signup', user: 'u5' },
          { type: 'page_view', user: 'u4' },
        ],
      });
    });

    it('is exact when a field holds arrays in some documents', async () => {
      const collection = unique('tags');
      await documents.upsert(collection, { _id: 'a', tags: 'roof' });
      await documents.upsert(collection, { _id: 'b', tags: ['roof', 'pool'] });
      await documents.upsert(collection, { _id: 'c', tags: ['pool'] });
      expect(ids(await documents.find(collection, { tags: 'roof' }))).toEqual(['a', 'b']);
      expect(ids(await documents.find(collection, { tags: { $ne: 'pool' } }))).toEqual(['a']);
      expect(await documents.count(collection, { tags: { $in: ['pool'] } })).toBe(2);
      await documents.drop(collection);
    });

    it('drops a collection and only that one', async () => {
      const a = unique('drop_a');
      const b = unique('drop_b');
      await documents.upsert(a, { _id: '1', v: 1 });
      await documents.upsert(a, { _id: '2', v: 2 });
      await documents.upsert(b, { _id: '1', v: 1 });
      await documents.drop(a);
      expect(await documents.count(a)).toBe(0);
      expect(await documents.find(a)).toEqual([]);
      expect(await documents.count(b)).toBe(1);
      await documents.upsert(a, { _id: '3', v: 3 });
      expect(ids(await documents.find(a))).toEqual(['3']);
      await documents.drop(b);
      await documents.drop(a);
    });

    it('keeps answering the same after ensureIndexes (also when called twice)', async () => {
      const before = ids(await documents.find(events, { type: 'click' }, { sort: { created_at: -1 } }));
      await documents.ensureIndexes(events, ['type', 'created_at', 'page.path']);
      await documents.ensureIndexes(events, ['type', 'created_at']);
      expect(ids(await documents.find(events, { type: 'click' }, { sort: { created_at: -1 } }))).toEqual(before);
      expect(ids(await documents.find(events, { 'page.path': '/home' }))).toEqual(['i01', 'i06']);
    });
  });
};
