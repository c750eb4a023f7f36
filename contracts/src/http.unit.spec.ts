import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery } from './http.ts';

const OrderListQuery = listQuery({ sortFields: ['placed_at', 'status'], defaultSort: 'placed_at', filters: { status: z.enum(['open', 'closed']).optional() } });
const messages = (input: Record<string, string>) => OrderListQuery.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('listQuery', () => {
  it('defaults to the first page of 10, sorted by the default field, newest first', () => {
    expect(OrderListQuery.parse({})).toEqual({ page: 1, page_size: 10, sort: 'placed_at', order: 'desc' });
  });

  it('reads page, page_size, sort, order and the list filters from query text', () => {
    expect(OrderListQuery.parse({ page: '3', page_size: '25', sort: 'status', order: 'asc', status: 'open' })).toEqual({
      page: 3,
      page_size: 25,
      sort: 'status',
      order: 'asc',
      status: 'open',
    });
  });

  it('names the parameter and what it accepts', () => {
    expect(messages({ page: '0' })).toEqual(['page: page must be a whole number from 1 to 1,000,000']);
    expect(messages({ page: 'two' })).toEqual(['page: page must be a whole number from 1 to 1,000,000']);
    // A page past the limit, or past what a number holds exactly, says the limit instead of "1 or more".
    expect(messages({ page: '1000001' })).toEqual(['page: page must be a whole number from 1 to 1,000,000']);
    expect(messages({ page: '92233720368547758' })).toEqual(['page: page must be a whole number from 1 to 1,000,000']);
    expect(messages({ page_size: '1e20' })).toEqual(['page_size: page_size must be a whole number from 1 to 100']);
    expect(OrderListQuery.parse({ page: '1000000' }).page).toBe(1_000_000);
    expect(messages({ page_size: '101' })).toEqual(['page_size: page_size must be a whole number from 1 to 100']);
    expect(messages({ page_size: '2.5' })).toEqual(['page_size: page_size must be a whole number from 1 to 100']);
    expect(messages({ sort: 'password' })).toEqual(['sort: sort must be one of placed_at, status']);
    expect(messages({ order: 'up' })).toEqual(['order: order must be asc or desc']);
    expect(messages({ status: 'lost' })?.[0]).toMatch(/^status: /);
  });
});
