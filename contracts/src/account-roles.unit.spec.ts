import { describe, expect, it } from 'vitest';
import { nextAccountRoles } from './identity.ts';

const registered = { type: 'AccountRegistered', data: { account_id: 'a1', email: 'a@example.test', full_name: 'A', roles: ['Customer'], phone_encrypted: null, phone_masked: null, profile_img: null } };
const changed = (roles: string[]) => ({ type: 'AccountRolesChanged', data: { account_id: 'a1', roles, provider_id: null, changed_by: 'admin', reason: 'r', changed_at: '2026-03-01T10:00:00.000Z' } });

describe('nextAccountRoles (the published fold of an account’s roles)', () => {
  it('starts from the registered roles, then takes each role change’s; ignores what it cannot read and changes before registration', () => {
    expect(nextAccountRoles(null, changed(['Admin']))).toBeNull();
    const first = nextAccountRoles(null, registered);
    expect(first).toEqual({ roles: ['Customer'] });
    expect(nextAccountRoles(first, changed(['Admin', 'Customer']))).toEqual({ roles: ['Admin', 'Customer'] });
    expect(nextAccountRoles(first, { type: 'AccountRolesChanged', data: { roles: 'nope' } })).toEqual(first);
    expect(nextAccountRoles(first, { type: 'AccountNameChanged', data: {} })).toEqual(first);
  });
});
