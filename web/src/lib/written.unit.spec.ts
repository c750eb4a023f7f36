import { describe, expect, it } from 'vitest';
import { withQuery } from './http.ts';
import { minVersionQuery, writtenState } from './written.ts';

describe('read your own write across a navigation', () => {
  it('carries the version a command answered in the router state, and asks for it as ?min_version=', () => {
    const state = writtenState({ version: 3 });
    expect(state).toEqual({ written_version: 3 });
    expect(withQuery('/reimbursements/claims/c-1', minVersionQuery(state.written_version))).toBe('/reimbursements/claims/c-1?min_version=3');
  });

  it('asks for nothing when no version is known', () => {
    expect(minVersionQuery(undefined)).toBeUndefined();
    expect(withQuery('/nhd/orders/o-1', minVersionQuery(undefined))).toBe('/nhd/orders/o-1');
    expect(withQuery('/nhd/orders/o-1', minVersionQuery(0))).toBe('/nhd/orders/o-1?min_version=0');
  });
});
