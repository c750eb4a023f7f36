import { describe, expect, it } from 'vitest';
import { InteractionListQuery, InteractionSummaryQuery } from '@acpg/contracts/insights';
import { listSort } from '../../../platform/documents/paged.ts';
import { INTERACTION_TIE_BREAKERS, interactionFilter } from './query.ts';

const interactionSort = (query: { sort: string; order: 'asc' | 'desc' }) => listSort(query, INTERACTION_TIE_BREAKERS);

describe('interaction filters', () => {
  it('matches the exact fields given, and nothing else', () => {
    expect(interactionFilter({ page_name: 'Home', user_id: 'u-1' })).toEqual({ page_name: 'Home', user_id: 'u-1' });
    expect(interactionFilter({})).toEqual({});
  });

  it('a bare date `to` includes that whole UTC day; a bare `from` starts at its midnight', () => {
    expect(interactionFilter({ from: '2025-01-31', to: '2025-01-31' })).toEqual({
      created_at: { $gte: '2025-01-31T00:00:00.000Z', $lt: '2025-02-01T00:00:00.000Z' },
    });
  });

  it('normalises date-times with an offset to UTC, like the stored created_at', () => {
    expect(interactionFilter({ from: '2025-01-31T10:00:00+02:00', to: '2025-01-31T12:00:00Z' })).toEqual({
      created_at: { $gte: '2025-01-31T08:00:00.000Z', $lte: '2025-01-31T12:00:00.000Z' },
    });
  });

  it('clamps bounds past year 9999 to its last instant, so they still compare as text with stored times', () => {
    expect(interactionFilter({ to: '9999-12-31' })).toEqual({ created_at: { $lte: '9999-12-31T23:59:59.999Z' } });
    expect(interactionFilter({ to: '9999-12-31T23:00:00-05:00' })).toEqual({ created_at: { $lte: '9999-12-31T23:59:59.999Z' } });
    expect(interactionFilter({ from: '9999-12-31T23:00:00-05:00' })).toEqual({ created_at: { $gt: '9999-12-31T23:59:59.999Z' } });
    expect(interactionFilter({ from: '0000-01-01T00:30:00+01:00', to: '0000-01-01T00:30:00+01:00' })).toEqual({
      created_at: { $gte: '0000-01-01T00:00:00.000Z', $lt: '0000-01-01T00:00:00.000Z' },
    });
  });

  it('sorts by the field asked, with a stable tie-breaker', () => {
    expect(interactionSort({ sort: 'created_at', order: 'asc' })).toEqual({ created_at: 1, _id: 1 });
    expect(interactionSort({ sort: 'page_name', order: 'desc' })).toEqual({ page_name: -1, created_at: -1, _id: -1 });
  });

  it('breaks ties in the order asked when sorting by a field other than the time', () => {
    expect(interactionSort({ sort: 'button_name', order: 'asc' })).toEqual({ button_name: 1, created_at: 1, _id: 1 });
  });
});

describe('interaction queries (contracts)', () => {
  it('refuses a `from` later than `to`, on the list and the summary, naming from', () => {
    for (const schema of [InteractionListQuery, InteractionSummaryQuery]) {
      const result = schema.safeParse({ from: '2025-02-01', to: '2025-01-31' });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toMatchObject([{ path: ['from'], message: 'from must not be later than to.' }]);
      expect(schema.safeParse({ from: '2025-01-31T23:59:59.999Z', to: '2025-01-31' }).success).toBe(true);
      expect(schema.safeParse({ from: '2025-02-01T00:00:00Z', to: '2025-01-31' }).success).toBe(false);
      expect(schema.safeParse({ from: '2025-01-31T12:00:00Z', to: '2025-01-31T14:00:00+02:00' }).success).toBe(true);
      expect(schema.safeParse({ from: '2025-01-31' }).success).toBe(true);
    }
  });

  it('refuses a year past 9999, plainly or in the expanded form', () => {
    for (const to of ['10000-01-01', '+010000-01-01T00:00:00Z', '+009999-12-31']) {
      expect(InteractionListQuery.safeParse({ to }).error?.issues, to).toMatchObject([{ path: ['to'], message: 'to must be a date no later than 9999-12-31' }]);
    }
    expect(InteractionSummaryQuery.safeParse({ from: '9999-12-31', to: '9999-12-31' }).success).toBe(true);
    expect(InteractionListQuery.safeParse({ to: '-000001-01-01' }).error?.issues).toMatchObject([{ message: 'to must be a date (YYYY-MM-DD) or an ISO 8601 date-time' }]);
  });

  it('says how to write a date', () => {
    const result = InteractionListQuery.safeParse({ to: '31/01/2025' });
    expect(result.error?.issues).toMatchObject([{ path: ['to'], message: 'to must be a date (YYYY-MM-DD) or an ISO 8601 date-time' }]);
  });
});
