import { describe, expect, it } from 'vitest';
import { EMPTY_TEXT, listReader } from './empty-text.ts';

describe('what an empty Equity Protect list says', () => {
  it('a Provider Admin reads about its users, not about imports it cannot make', () => {
    expect(listReader(true, true)).toBe('provider');
    expect(EMPTY_TEXT.alerts[listReader(true, true)]).not.toMatch(/import/i);
    expect(EMPTY_TEXT.enrollments[listReader(true, true)]).toMatch(/your users/);
  });

  it('a Super Admin reads about every member, a member about its own properties', () => {
    expect(listReader(true, false)).toBe('overseer');
    expect(listReader(false, false)).toBe('member');
    expect(EMPTY_TEXT.enrollments.member).toMatch(/^You /);
  });
});
