import { describe, expect, it } from 'vitest';
import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import { countSummary } from '../live-counts.ts';
import { fillDays, liveSummary } from './live-interactions.ts';

const row = (n: number, over: Partial<Interaction> = {}): Interaction => ({
  id: `i${n}`, data_id: null, page_name: '/faq', interaction_type: 'click', button_name: `b${n}`, user_id: null, location: null,
  created_at: new Date(Date.UTC(2026, 10, 20, 0, 0, n)).toISOString(), version: 1, position: n, ...over,
});
const summary = (total: number, position: number): InteractionSummary => ({
  total, position, by_page: [{ page_name: '/faq', count: total }], by_button: [], by_day: [{ day: '2026-11-20', count: total }],
});
describe('/user-interaction live summary (counted beside the live list)', () => {
  it('counts a new row once, by page and by day, and nothing the summary already holds', () => {
    const read = liveSummary(summary(2, 2));
    const once = countSummary(read, row(3));
    expect(once.counted).toBe(true);
    expect(once.along.summary.total).toBe(3);
    expect(once.along.summary.by_page).toEqual([{ page_name: '/faq', count: 3 }]);
    expect(once.along.summary.by_day).toEqual([{ day: '2026-11-20', count: 3 }]);
    expect(countSummary(once.along, row(3))).toEqual({ along: once.along, counted: false });
    expect(countSummary(read, row(2))).toEqual({ along: read, counted: false });
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
