import { describe, expect, it } from 'vitest';
import { isProviderAdmin, providerRoom } from './provider-scope.ts';

describe('provider scope in the browser', () => {
  it('a Provider Admin is one without an overseer role (Super Admins and Admins see everyone’s already)', () => {
    expect(isProviderAdmin(['Provider Admin'])).toBe(true);
    expect(isProviderAdmin(['Provider Admin', 'Super Admin'])).toBe(false);
    expect(isProviderAdmin(['Admin', 'Provider Admin'])).toBe(false);
    expect(isProviderAdmin(['Customer'])).toBe(false);
    expect(isProviderAdmin([])).toBe(false);
  });

  it('follows its provider’s room once the server said which provider, none before', () => {
    expect(providerRoom('prov-1')).toBe('provider:prov-1');
    expect(providerRoom(null)).toBeUndefined();
  });
});
