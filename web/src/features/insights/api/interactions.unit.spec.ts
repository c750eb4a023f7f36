import { describe, expect, it } from 'vitest';
import type { Interaction } from '@acpg/contracts/insights';
import { matchesFilters } from './interactions.ts';

const interaction = (over: Partial<Interaction> = {}): Interaction => ({
  id: 'i1', data_id: null, page_name: '/faq', interaction_type: 'click', button_name: 'Contact Us', user_id: 'u1',
  location: null, created_at: '2026-11-21T23:30:00.000Z', ...over,
});

describe('matchesFilters (live rows follow the server list rules)', () => {
  it('matches field filters exactly, as the server does', () => {
    expect(matchesFilters(interaction(), { page_name: '/faq', button_name: 'Contact Us' })).toBe(true);
    expect(matchesFilters(interaction(), { page_name: 'faq' })).toBe(false);
    expect(matchesFilters(interaction(), { button_name: 'contact us' })).toBe(false);
    expect(matchesFilters(interaction(), { user_id: 'u2' })).toBe(false);
  });

  it('takes in the whole UTC day of a bare-date "to", and starts "from" at its UTC midnight', () => {
    expect(matchesFilters(interaction(), { to: '2026-11-21' })).toBe(true);
    expect(matchesFilters(interaction(), { to: '2026-11-20' })).toBe(false);
    expect(matchesFilters(interaction(), { from: '2026-11-21' })).toBe(true);
    expect(matchesFilters(interaction(), { from: '2026-11-22' })).toBe(false);
    expect(matchesFilters(interaction({ created_at: '2026-11-22T00:00:00.000Z' }), { to: '2026-11-21' })).toBe(false);
  });
});
