import { describe, expect, it } from 'vitest';
import { FROM_AFTER_TO, checkFilters, isCalendarDay, nextSort, readListParams, writeListParams, type PagedListSpec } from './paged-list.ts';

const SPEC: PagedListSpec<'created_at' | 'page_name', 'page_name' | 'from' | 'to'> = {
  sortFields: ['created_at', 'page_name'],
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['page_name', 'from', 'to'],
  dateRange: { from: 'from', to: 'to' },
};

describe('server-paged list state in the URL', () => {
  it('reads page, sort, order and filters back from what it wrote (reload and Back keep them)', () => {
    const state = { page: 3, pageSize: 10, sort: 'page_name' as const, order: 'asc' as const, filters: { page_name: '/faq', from: '2026-11-01', to: '2026-11-20' } };
    const params = writeListParams(state, SPEC);
    expect(params.toString()).toBe('page=3&sort=page_name&order=asc&page_name=%2Ffaq&from=2026-11-01&to=2026-11-20');
    expect(readListParams(params, SPEC)).toEqual(state);
  });

  it('leaves defaults out of the URL and falls back to them for anything invalid', () => {
    expect(writeListParams({ page: 1, pageSize: 10, sort: 'created_at', order: 'desc', filters: {} }, SPEC).toString()).toBe('');
    const read = readListParams(new URLSearchParams('page=-2&sort=password&order=up&page_size=5000&other=x'), SPEC);
    expect(read).toEqual({ page: 1, pageSize: 100, sort: 'created_at', order: 'desc', filters: {} });
  });

  it('drops a date range from a hand-edited URL when From is after To, or a date is not a real day', () => {
    expect(readListParams(new URLSearchParams('from=2026-11-20&to=2026-11-01&page_name=x'), SPEC).filters).toEqual({ page_name: 'x' });
    expect(readListParams(new URLSearchParams('to=+010000-01-01'), SPEC).filters).toEqual({});
  });

  it('refuses From after To with one message on From, and dates that are not days', () => {
    expect(checkFilters({ from: '2026-11-20', to: '2026-11-01' }, SPEC)).toEqual({ ok: false, field: 'from', message: FROM_AFTER_TO });
    expect(checkFilters({ from: '2026-11-01', to: '2026-11-01' }, SPEC)).toEqual({ ok: true });
    expect(checkFilters({ to: '2026-02-30' }, SPEC)).toMatchObject({ ok: false, field: 'to' });
    expect(isCalendarDay('10000-01-01')).toBe(false);
    expect(isCalendarDay('2024-02-29')).toBe(true);
  });

  it('flips the order of the sorted column; another column starts ascending, the default column in its default order', () => {
    expect(nextSort({ sort: 'created_at', order: 'desc' }, 'created_at', SPEC)).toEqual({ sort: 'created_at', order: 'asc' });
    expect(nextSort({ sort: 'created_at', order: 'desc' }, 'page_name', SPEC)).toEqual({ sort: 'page_name', order: 'asc' });
    expect(nextSort({ sort: 'page_name', order: 'asc' }, 'created_at', SPEC)).toEqual({ sort: 'created_at', order: 'desc' });
  });
});
