import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, type AccountState } from './decider.ts';
import { rolesAfter } from './roles-changes.ts';
import { nextProviderAdminship } from '@acpg/contracts/providers';

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
  it('gives the Provider Admin role first with the provider, moves the session version on, and takes them back', () => {
    const appoint = decide({ type: 'SetProviderAdmin', data: { provider_id: 'p1', changed_by: 'admin-1', reason: 'appointed' }, metadata }, registered);
    expect(appoint).toEqual([
      { type: 'AccountRolesChanged', data: { account_id: 'a1', roles: ['Provider Admin', 'Customer'], provider_id: 'p1', changed_by: 'admin-1', reason: 'appointed', changed_at: AT } },
    ]);
    const after = appoint.reduce(evolve, registered);
    expect(after).toMatchObject({ roles: ['Provider Admin', 'Customer'], providerId: 'p1', sessionVersion: 4 });
    expect(decide({ type: 'SetProviderAdmin', data: { provider_id: 'p1', changed_by: 'admin-1', reason: 'again' }, metadata }, after)).toEqual([]);
    const moved = decide({ type: 'SetProviderAdmin', data: { provider_id: 'p2', changed_by: 'admin-1', reason: 'moved' }, metadata }, after).reduce(evolve, after);
    expect(moved).toMatchObject({ roles: ['Provider Admin', 'Customer'], providerId: 'p2', sessionVersion: 5 });
    const removed = decide({ type: 'SetProviderAdmin', data: { provider_id: null, changed_by: 'admin-1', reason: 'removed' }, metadata }, moved).reduce(evolve, moved);
    expect(removed).toMatchObject({ roles: ['Customer'], providerId: null, sessionVersion: 6 });
    expect(decide({ type: 'SetProviderAdmin', data: { provider_id: null, changed_by: 'admin-1', reason: 'again' }, metadata }, removed)).toEqual([]);
  });

  it("folds the providers module's appointments per account: a removal by a provider the account left changes nothing", () => {
    const appointed = (provider_id: string) => ({ type: 'ProviderAdminAppointed', data: { provider_id, account_id: 'a1', appointed_by: 'admin', at: AT } });
    const removed = (provider_id: string) => ({ type: 'ProviderAdminRemoved', data: { provider_id, account_id: 'a1', appointed_by: 'admin', at: AT } });
    const p1 = nextProviderAdminship(null, appointed('p1'));
    expect(p1).toEqual({ provider_id: 'p1' });
    const p2 = nextProviderAdminship(p1, appointed('p2'));
    expect(nextProviderAdminship(p2, removed('p1'))).toEqual({ provider_id: 'p2' });
    expect(nextProviderAdminship(p2, removed('p2'))).toEqual({ provider_id: null });
    expect(nextProviderAdminship(p2, { type: 'ProviderAdminAppointed', data: { nonsense: true } })).toEqual(p2);
  });

  it('answers Customer when the last role goes, and puts Provider Admin first when appointed', () => {
    expect(rolesAfter(['Provider Admin'], false)).toEqual(['Customer']);
    expect(rolesAfter(['Agent', 'Provider Admin'], true)).toEqual(['Provider Admin', 'Agent']);
    // A Super Admin or an Admin appointed keeps their own menu (the first role picks it).
    expect(rolesAfter(['Super Admin'], true)).toEqual(['Super Admin', 'Provider Admin']);
    expect(rolesAfter(['Admin', 'Customer'], true)).toEqual(['Admin', 'Customer', 'Provider Admin']);
  });
});
