import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, type AccountState } from './decider.ts';
import { rolesAfter } from './roles-changes.ts';

const AT = '2026-03-01T10:00:00.000Z';
const metadata = metaAt(AT, { actor: 'identity.provider-admins' });
const registered: AccountState = {
  status: 'registered',
  id: 'a1',
  email: 'a@example.test',
  fullName: 'A',
  roles: ['Customer'],
  passwordHash: 'h',
  phoneEncrypted: null,
  phoneMasked: null,
  profileImg: null,
  sessionVersion: 3,
};

describe('account roles (AccountRolesChanged)', () => {
  it('gives the Provider Admin role first with the provider, moves the session version on, and takes them back on removal', () => {
    const appoint = decide({ type: 'SetProviderAdmin', data: { provider_id: 'p1', appointed: true, changed_by: 'admin-1', reason: 'appointed' }, metadata }, registered);
    expect(appoint).toEqual([
      { type: 'AccountRolesChanged', data: { account_id: 'a1', roles: ['Provider Admin', 'Customer'], provider_id: 'p1', changed_by: 'admin-1', reason: 'appointed', changed_at: AT } },
    ]);
    const after = appoint.reduce(evolve, registered);
    expect(after).toMatchObject({ roles: ['Provider Admin', 'Customer'], providerId: 'p1', sessionVersion: 4 });
    expect(decide({ type: 'SetProviderAdmin', data: { provider_id: 'p1', appointed: true, changed_by: 'admin-1', reason: 'again' }, metadata }, after)).toEqual([]);
    // A removal by another provider changes nothing; by its own, the role and the provider go.
    expect(decide({ type: 'SetProviderAdmin', data: { provider_id: 'p2', appointed: false, changed_by: 'admin-1', reason: 'x' }, metadata }, after)).toEqual([]);
    const removed = decide({ type: 'SetProviderAdmin', data: { provider_id: 'p1', appointed: false, changed_by: 'admin-1', reason: 'removed' }, metadata }, after).reduce(evolve, after);
    expect(removed).toMatchObject({ roles: ['Customer'], providerId: null, sessionVersion: 5 });
  });

  it('sets roles as given, refusing none, and answers Customer when the last role goes', () => {
    expect(() => decide({ type: 'ChangeRoles', data: { roles: [], provider_id: null, changed_by: 'x', reason: 'y' }, metadata }, registered)).toThrow(/at least one role/);
    expect(decide({ type: 'ChangeRoles', data: { roles: ['Customer'], provider_id: null, changed_by: 'x', reason: 'y' }, metadata }, registered)).toEqual([]);
    expect(rolesAfter(['Provider Admin'], false)).toEqual(['Customer']);
    expect(rolesAfter(['Agent', 'Provider Admin'], true)).toEqual(['Provider Admin', 'Agent']);
  });
});
