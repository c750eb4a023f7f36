import { describe, expect, it } from 'vitest';
import type { Interaction } from '@acpg/contracts/insights';
import type { Page } from '@acpg/contracts/http';
import type { Result } from '../../../lib/http.ts';
import { capTo, fetchAllInteractions, matchesFilters, type ListQuery } from './interactions.ts';

const interaction = (over: Partial<Interaction> = {}): Interaction => ({
  id: 'i1', data_id: null, page_name: '/faq', interaction_type: 'click', button_name: 'Contact Us', user_id: 'u1',
  location: null, created_at: '2026-11-21T23:30:00.000Z', version: 1, position: 1, ...over,
});

describe('matchesFilters (live rows follow the server list rules)', () => {
  it('matches field filters exactly, as the server does', () => {
    expect(matchesFilters(interaction(), { page_name: '/faq', button_name: 'Contact Us' })).toBe(true);
    expect(matchesFilters(interaction(), { page_name: 'faq' })).toBe(false);
    expect(matchesFilters(interaction(), { button_name: 'contact us' })).toBe(false);
    expect(matchesFilters(interaction(), { user_id: 'u2' })).toBe(false);
    // A name or email is matched by the server only: a pushed row never joins a list searched that way.
    expect(matchesFilters(interaction(), { user: 'ana' })).toBe(false);
    expect(matchesFilters(interaction(), {})).toBe(true);
  });

  it('takes in the whole UTC day of a bare-date "to", and starts "from" at its UTC midnight', () => {
    expect(matchesFilters(interaction(), { to: '2026-11-21' })).toBe(true);
    expect(matchesFilters(interaction(), { to: '2026-11-20' })).toBe(false);
    expect(matchesFilters(interaction(), { from: '2026-11-21' })).toBe(true);
    expect(matchesFilters(interaction(), { from: '2026-11-22' })).toBe(false);
    expect(matchesFilters(interaction({ created_at: '2026-11-22T00:00:00.000Z' }), { to: '2026-11-21' })).toBe(false);
  });
});

describe('fetchAllInteractions (exports)', () => {
  const row = (n: number): Interaction => interaction({ id: `i${String(n).padStart(4, '0')}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() });

  /** A server list, newest first, offset paging; `arrive` adds rows between calls, as live traffic would. */
  function server(initial: number, arrive: (call: number) => number) {
    const rows = Array.from({ length: initial }, (_, k) => row(k + 1));
    const calls: ListQuery[] = [];
    let next = initial + 1;
    const fetchPage = (query: ListQuery): Promise<Result<Page<Interaction>>> => {
      calls.push(query);
      for (let k = arrive(calls.length); k > 0; k--) rows.push(row(next++));
      const listed = rows
        .filter((r) => !query.to || Date.parse(r.created_at) <= Date.parse(query.to))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const start = (query.page - 1) * query.page_size;
      return Promise.resolve({ success: true, data: { items: listed.slice(start, start + query.page_size), total: listed.length, page: query.page, page_size: query.page_size } });
    };
    return { fetchPage, calls };
  }

  it('reads the list as it stood at the start: rows recorded during the export neither repeat nor count', async () => {
    // 250 rows; 7 more arrive before each later page: without the cap the offsets shift and rows repeat.
    const { fetchPage, calls } = server(250, (call) => (call > 1 ? 7 : 0));
    const asOf = new Date(Date.UTC(2026, 0, 1, 0, 0, 250));
    const rows = await fetchAllInteractions({ page_name: '/faq' }, 'created_at', 'desc', { asOf, fetchPage });
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.id)).size).toBe(250);
    expect(calls.map((c) => c.to)).toEqual([asOf.toISOString(), asOf.toISOString(), asOf.toISOString()]);
    expect(calls.every((c) => c.page_name === '/faq')).toBe(true);
  });

  it('keeps each row once even when the server pages overlap', async () => {
    const overlapping = (query: ListQuery): Promise<Result<Page<Interaction>>> => {
      const items = query.page === 1 ? Array.from({ length: 100 }, (_, k) => row(k)) : Array.from({ length: 30 }, (_, k) => row(95 + k));
      return Promise.resolve({ success: true, data: { items, total: 125, page: query.page, page_size: 100 } });
    };
    const rows = await fetchAllInteractions({}, 'created_at', 'desc', { fetchPage: overlapping });
    expect(rows).toHaveLength(125);
  });

  it('stops when aborted (the screen went away) and passes the abort on', async () => {
    const ctl = new AbortController();
    const { fetchPage, calls } = server(250, () => 0);
    const slow = (q: ListQuery) => {
      ctl.abort();
      return fetchPage(q);
    };
    await expect(fetchAllInteractions({}, 'created_at', 'desc', { signal: ctl.signal, fetchPage: slow })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });

  it('keeps an earlier filter end and caps a later one', () => {
    const asOf = new Date('2026-11-21T12:00:00.000Z');
    expect(capTo(undefined, asOf)).toBe('2026-11-21T12:00:00.000Z');
    expect(capTo('2026-11-20T23:59:59.999Z', asOf)).toBe('2026-11-20T23:59:59.999Z');
    expect(capTo('2026-11-21T23:59:59.999Z', asOf)).toBe('2026-11-21T12:00:00.000Z');
    expect(capTo('2026-11-20', asOf)).toBe('2026-11-20T23:59:59.999Z');
    expect(capTo('2026-11-21', asOf)).toBe('2026-11-21T12:00:00.000Z');
  });
});
