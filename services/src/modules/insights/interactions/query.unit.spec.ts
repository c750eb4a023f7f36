import { describe, expect, it } from 'vitest';
import { interactionFilter, interactionSort } from './query.ts';

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

  it('sorts by the field asked, with a stable tie-breaker', () => {
    expect(interactionSort({ sort: 'created_at', order: 'asc' })).toEqual({ created_at: 1, _id: 1 });
    expect(interactionSort({ sort: 'page_name', order: 'desc' })).toEqual({ page_name: -1, created_at: -1, _id: -1 });
  });
});
