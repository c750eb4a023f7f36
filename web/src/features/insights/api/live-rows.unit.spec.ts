import { describe, expect, it } from 'vitest';
import type { Interaction } from '@acpg/contracts/insights';
import { MAX_PUSHED, addPushed, addToTally, emptyTally, freshPushed, tallyOf } from './live-rows.ts';

const row = (n: number, over: Partial<Interaction> = {}): Interaction => ({
  id: `i${n}`, data_id: null, page_name: '/faq', interaction_type: 'click', button_name: `b${n}`, user_id: null, location: null,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), version: 1, position: n, ...over,
});

describe('pushed rows on the interactions list', () => {
  it('keeps rows pushed while a reload was in flight: only those the new answer lacks and newer than it stay prepended', () => {
    // Rows 11 and 12 arrive while the list reloads; the reload's answer (newest 11) already holds 11.
    let pushed: readonly Interaction[] = [];
    for (const n of [11, 12]) pushed = addPushed(pushed, row(n));
    const answer = [row(11), row(10), row(9)];
    expect(freshPushed(pushed, answer, {}).map((r) => r.id)).toEqual(['i12']);
  });

  it('drops pushed rows older than the answer (they are in it or on another page) and rows the filters exclude', () => {
    const pushed = [row(13, { page_name: '/other' }), row(12), row(5)];
    expect(freshPushed(pushed, [row(10)], { page_name: '/faq' }).map((r) => r.id)).toEqual(['i12']);
  });

  it('prepends every pushed row to an empty answer', () => {
    expect(freshPushed([row(2), row(1)], [], {}).map((r) => r.id)).toEqual(['i2', 'i1']);
  });

  it('adds a row once and keeps a bounded number', () => {
    let pushed: readonly Interaction[] = [];
    pushed = addPushed(pushed, row(1));
    expect(addPushed(pushed, row(1))).toBe(pushed);
    for (let n = 2; n <= MAX_PUSHED + 5; n++) pushed = addPushed(pushed, row(n));
    expect(pushed).toHaveLength(MAX_PUSHED);
    expect(pushed[0]!.id).toBe(`i${MAX_PUSHED + 5}`);
  });
});

describe('dashboard tallies', () => {
  it('counts every pushed id once, with no cap', () => {
    const answer = { total: 3 };
    let t = emptyTally<typeof answer>(answer);
    for (let n = 1; n <= 25; n++) t = addToTally(t, answer, `i${n}`);
    t = addToTally(t, answer, 'i1');
    expect(tallyOf(t, answer).ids).toHaveLength(25);
  });

  it('starts again on a newer answer (which holds the earlier pushes)', () => {
    const first = { total: 3 };
    const second = { total: 5 };
    const t = addToTally(addToTally(emptyTally<object>(first), first, 'a'), first, 'b');
    expect(tallyOf(t, second).ids).toEqual([]);
    expect(addToTally(t, second, 'c').ids).toEqual(['c']);
  });
});
