import { describe, expect, it } from 'vitest';
import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import { applyToInteractions, fillDays, liveSummary, type InteractionsView } from './live-interactions.ts';

const row = (n: number, over: Partial<Interaction> = {}): Interaction => ({
  id: `i${n}`, data_id: null, page_name: '/faq', interaction_type: 'click', button_name: `b${n}`, user_id: null, location: null,
  created_at: new Date(Date.UTC(2026, 10, 20, 0, 0, n)).toISOString(), version: 1, position: n, ...over,
});
const summary = (total: number, position: number): InteractionSummary => ({
  total, position, by_page: [{ page_name: '/faq', count: total }], by_button: [], by_day: [{ day: '2026-11-20', count: total }],
});
const view = (rows: Interaction[], position: number, total = rows.length): InteractionsView => ({
  summary: liveSummary(summary(total, position)),
  list: { items: rows, total, page: 1, page_size: 3 },
  missed: 0,
});

describe('/user-interaction live merge', () => {
  it('adds a new row on top and counts it once in the list and the summary', () => {
    let v = applyToInteractions(view([row(2), row(1)], 2), row(3), {}, true);
    v = applyToInteractions(v, row(3), {}, true);
    expect(v.list.items.map((r) => r.id)).toEqual(['i3', 'i2', 'i1']);
    expect(v.list.total).toBe(3);
    expect(v.summary.summary.total).toBe(3);
    expect(v.summary.summary.by_page).toEqual([{ page_name: '/faq', count: 3 }]);
    expect(v.summary.summary.by_day).toEqual([{ day: '2026-11-20', count: 3 }]);
  });

  it('changes nothing for a push the reads already hold, or the filters exclude', () => {
    const v = view([row(2), row(1)], 2);
    expect(applyToInteractions(v, row(2), {}, true)).toBe(v);
    expect(applyToInteractions(v, row(3, { page_name: '/other' }), { page_name: '/faq' }, true)).toBe(v);
  });

  it('counts a row as missed when the page does not show the newest first', () => {
    const v = applyToInteractions(view([row(1), row(2)], 2), row(3), {}, false);
    expect(v.list.items.map((r) => r.id)).toEqual(['i1', 'i2']);
    expect(v.missed).toBe(1);
    expect(v.list.total).toBe(3);
  });
});

describe('by-day chart range', () => {
  it('shows days without interactions as zero over at least a week', () => {
    const days = fillDays([{ day: '2026-11-20', count: 4 }], { today: '2026-11-22' });
    expect(days.map((d) => d.day)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(days.map((d) => d.count)).toEqual([0, 0, 0, 0, 4, 0, 0]);
  });

  it('spans the filter range, not past today unless asked, at most a year', () => {
    expect(fillDays([], { from: '2026-11-20', to: '2030-01-01', today: '2026-11-22' }).map((d) => d.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    const week = fillDays([{ day: '2026-11-22', count: 2 }], { from: '2026-11-22', to: '2026-11-28', today: '2026-11-23', future: true });
    expect(week.map((d) => d.count)).toEqual([2, 0, null, null, null, null, null]); // the line stops at today
    expect(fillDays([], { from: '2000-01-01', today: '2026-11-22' })).toHaveLength(366);
  });
});
