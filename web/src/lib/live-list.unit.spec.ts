import { describe, expect, it } from 'vitest';
import { listRooms, splitSearch } from './live-list.ts';
import { applyCountedPush, applyListPush, countFrom, countPush, type CountAlong, type CountedPage, type ListPushRules, type LiveCount, type LivePage, type Versioned } from './live-merge.ts';

interface Row extends Versioned {
  created_at: string;
  account: string;
  status: string;
}

const row = (n: number, over: Partial<Row> = {}): Row => ({
  id: `r${n}`,
  version: 1,
  position: n * 10,
  created_at: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  account: 'a1',
  status: 'open',
  ...over,
});
const page = (items: Row[], total = items.length): LivePage<Row> => ({ items, total, stale: false });

/** Page 1 of a newest-first list of the member a1's rows (a member's own list: /subscriptions, claims, payments). */
const NEWEST: ListPushRules<Row> = { newestFirst: true, pageSize: 3, accepts: (r) => r.account === 'a1', createdAt: (r) => r.created_at, readAgainOnNew: false };
/** Another page or order of the same list. */
const OTHER: ListPushRules<Row> = { ...NEWEST, newestFirst: false };
/** A list ordered by name (plans, promo codes): a new row cannot be placed, the list is read again. */
const BY_NAME: ListPushRules<Row> = { newestFirst: false, pageSize: 3, accepts: () => true, readAgainOnNew: true };

const ids = (p: LivePage<Row>) => p.items.map((r) => r.id);

describe('a live list page takes pushes', () => {
  it('adds a new row on top of the newest page, once, and counts it (an empty page becomes the row)', () => {
    const once = applyListPush(page([row(2), row(1)]), row(3), NEWEST);
    expect(ids(once)).toEqual(['r3', 'r2', 'r1']);
    expect(once.total).toBe(3);
    expect(applyListPush(once, row(3), NEWEST)).toBe(once);
    const first = applyListPush(page([]), row(1), NEWEST);
    expect([ids(first), first.total]).toEqual([['r1'], 1]);
  });

  it('keeps the page size: the oldest row moves to the next page', () => {
    const next = applyListPush(page([row(3), row(2), row(1)], 7), row(4), NEWEST);
    expect(ids(next)).toEqual(['r4', 'r3', 'r2']);
    expect(next.total).toBe(8);
  });

  it('replaces a listed row only by a higher version, on any page or order', () => {
    const read = page([row(2, { version: 2, status: 'paid' }), row(1)]);
    expect(applyListPush(read, row(2, { version: 1, status: 'open' }), NEWEST)).toBe(read); // a late push never goes backwards
    const newer = applyListPush(read, row(2, { version: 3, status: 'refunded', position: 99 }), OTHER);
    expect(newer.items[0]?.status).toBe('refunded');
    expect(newer.total).toBe(2);
  });

  it('does not add a row the read would have had, one created before the newest shown, or one the filters refuse', () => {
    const read = page([row(5), row(4)]);
    expect(applyListPush(read, row(3), NEWEST)).toBe(read); // older position: in the read, or on another page
    // An older row of another page that changed: its position is new, its creation is not.
    expect(applyListPush(read, row(3, { position: 100, version: 2 }), NEWEST)).toBe(read);
    expect(applyListPush(read, row(6, { account: 'someone else' }), NEWEST)).toBe(read);
  });

  it('leaves another page or order as it is: the next read brings new rows', () => {
    const read = page([row(1)], 11);
    expect(applyListPush(read, row(9), OTHER)).toBe(read);
  });

  it('marks a page in another order stale when a row is created, so the list reads again; an update is applied in place', () => {
    const read = page([row(1), row(2)]);
    expect(applyListPush(read, row(9), BY_NAME)).toEqual({ ...read, stale: true });
    expect(applyListPush(read, row(9, { version: 2 }), BY_NAME)).toBe(read); // another page's row changed: not new
    expect(applyListPush(read, row(2, { version: 2, status: 'inactive' }), BY_NAME).items[1]?.status).toBe('inactive');
  });
});

describe('a searched live list (a customer’s name or email: only the server knows what matches) stays live', () => {
  const SEARCHED: ListPushRules<Row> = { ...NEWEST, searched: true };

  it('reads again for a new row the other filters let through, once, instead of placing or dropping it', () => {
    const read = page([row(2), row(1)]);
    const stale = applyListPush(read, row(3), SEARCHED);
    expect(stale).toEqual({ ...read, stale: true });
    expect(applyListPush(stale, row(4), SEARCHED)).toBe(stale);
    expect(applyListPush(page([]), row(1), SEARCHED).stale).toBe(true); // an empty search result takes its first match
  });

  it('changes nothing for a row the other filters refuse, an older row, or another page; updates a listed row in place', () => {
    const read = page([row(5), row(4)]);
    expect(applyListPush(read, row(6, { account: 'someone else' }), SEARCHED)).toBe(read);
    expect(applyListPush(read, row(3, { position: 100, version: 2 }), SEARCHED)).toBe(read);
    expect(applyListPush(read, row(9), { ...SEARCHED, newestFirst: false })).toBe(read);
    expect(applyListPush(read, row(5, { version: 2, status: 'paid' }), SEARCHED).items[0]?.status).toBe('paid');
  });

  it('with a count beside it, reads both again for a row new since the read, and never counts it blind', () => {
    const read: CountedPage<Row, LiveCount> = { items: [row(2), row(1)], total: 2, stale: false, along: countFrom(25), missed: 0 };
    const count: CountAlong<LiveCount, Row> = (c, r) => {
      const { count: along, adds } = countPush(c, r);
      return { along, counted: adds };
    };
    const next = applyCountedPush(read, row(3), SEARCHED, count);
    expect([next.stale, next.total, next.missed, ids(next)]).toEqual([true, 2, 0, ['r2', 'r1']]);
    expect(applyCountedPush(read, row(9, { account: 'a2' }), SEARCHED, count)).toBe(read);
  });

  it('checks a pushed row against the filters without the search, which the server answers', () => {
    expect(splitSearch({ q: ' Sky Harbor ', status: 'paid' }, 'q')).toEqual({ searchWords: 'Sky Harbor', others: { status: 'paid' } });
    expect(splitSearch({ status: 'paid' }, 'q')).toEqual({ searchWords: '', others: { status: 'paid' } });
    expect(splitSearch({ q: '  ' }, 'q').searchWords).toBe('');
  });
});

describe('a live list page with a count beside it (a summary read first)', () => {
  /** The count read at position 25 (rows 1 and 2 are in it). */
  const counted = (items: Row[], total = items.length): CountedPage<Row, LiveCount> => ({ items, total, stale: false, along: countFrom(25), missed: 0 });
  const count: CountAlong<LiveCount, Row> = (c, r) => {
    const { count: along, adds } = countPush(c, r);
    return { along, counted: adds };
  };

  it('counts a new row once and puts it on top of the newest page', () => {
    const once = applyCountedPush(counted([row(2), row(1)]), row(3), NEWEST, count);
    expect([ids(once), once.total, once.along.counted, once.missed]).toEqual([['r3', 'r2', 'r1'], 3, 1, 0]);
    expect(applyCountedPush(once, row(3), NEWEST, count)).toBe(once);
  });

  it('on another page or order, counts a new row as missed (and in the total), once', () => {
    const once = applyCountedPush(counted([row(1)], 11), row(9), OTHER, count);
    expect([ids(once), once.total, once.missed, once.along.counted]).toEqual([['r1'], 12, 1, 1]);
    expect(applyCountedPush(once, row(9), OTHER, count)).toBe(once);
  });

  it('changes nothing for a row the filters refuse or the read already counted', () => {
    const read = counted([row(1)], 11);
    expect(applyCountedPush(read, row(9, { account: 'a2' }), OTHER, count)).toBe(read);
    expect(applyCountedPush(read, row(2), OTHER, count)).toBe(read);
  });

  it('replaces a listed row by a higher version without counting it as missed', () => {
    const read = counted([row(1), row(2)]);
    const next = applyCountedPush(read, row(2, { version: 2, status: 'closed' }), OTHER, count);
    expect([next.items[1]?.status, next.missed, next.total]).toEqual(['closed', 0, 2]);
  });
});

describe('the rooms a live list follows', () => {
  it("a member's own list its account's; a Provider Admin's its account's and its provider's; an overseer's none", () => {
    expect(listRooms('m1', undefined)).toEqual(['account:m1']);
    expect(listRooms('pa1', 'provider:p1')).toEqual(['account:pa1', 'provider:p1']);
    expect(listRooms(null, undefined)).toEqual([]);
  });
});
