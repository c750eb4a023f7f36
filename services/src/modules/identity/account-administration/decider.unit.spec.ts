import { describe, expect, it } from 'vitest';
import { AccountRolesChanged } from '@acpg/contracts/account-administration';
import type { Role } from '@acpg/contracts/roles';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { sessionEndedByAccount } from '../account/profile-changes.ts';
import { decide, evolve, initialState, toAccountEvent, type AccountCommand, type AccountState } from '../account/decider.ts';

const AT = '2026-03-01T10:00:00.000Z';
const registered = (id: string, roles: Role[]): AccountState =>
  decide(
    {
      type: 'RegisterAccount',
      data: { account_id: id, email: `${id}@example.com`, full_name: 'Jane Doe', roles, password_hash: 'h', phone_encrypted: null, phone_masked: null, profile_img: null },
      metadata: metaAt('2026-01-01T00:00:00.000Z'),
    },
    initialState(),
  ).reduce(evolve, initialState());

const by = (actor: string) => metaAt(AT, { actor });
const refusal = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
};
const apply = (state: AccountState, command: AccountCommand) => decide(command, state).reduce(evolve, state);

describe('account administration decider', () => {
  it('changes roles: AccountRolesChanged in the shared shape, and every session ends (version moves on)', () => {
    const state = registered('a1', ['Customer']);
    const events = decide({ type: 'ChangeRoles', data: { roles: ['Customer', 'Admin'], reason: 'Runs support', other_super_admins: 1 }, metadata: by('boss') }, state);
    expect(events).toEqual([
      { type: 'AccountRolesChanged', data: { account_id: 'a1', roles: ['Customer', 'Admin'], provider_id: null, changed_by: 'boss', reason: 'Runs support', changed_at: AT } },
    ]);
    expect(AccountRolesChanged.parse(events[0]?.data)).toEqual(events[0]?.data);
    const after = events.reduce(evolve, state);
    expect(after).toMatchObject({ roles: ['Customer', 'Admin'], providerId: null, sessionVersion: 1 });
    if (after.status !== 'registered') throw new Error('registered');
    expect(sessionEndedByAccount(after, 's1', '2026-02-01T00:00:00.000Z')).toBe(true);
    expect(sessionEndedByAccount(after, 's2', '2026-03-02T00:00:00.000Z')).toBe(false);
  });

  it('keeps the provider the account acts for through a role change', () => {
    const state = registered('a1', ['Customer']);
    const withProvider = evolve(state, {
      type: 'AccountRolesChanged',
      data: { account_id: 'a1', roles: ['Customer'], provider_id: 'p1', changed_by: 'providers', reason: 'Invited', changed_at: AT },
    });
    const [event] = decide({ type: 'ChangeRoles', data: { roles: ['Admin'], reason: 'r', other_super_admins: 1 }, metadata: by('boss') }, withProvider);
    expect(event?.data).toMatchObject({ provider_id: 'p1' });
  });

  it('refuses the same roles, a Super Admin removing their own role, and the last Super Admin', () => {
    const admin = registered('sa', ['Super Admin']);
    expect(refusal(() => decide({ type: 'ChangeRoles', data: { roles: ['Super Admin'], reason: 'r', other_super_admins: 2 }, metadata: by('x') }, admin))).toBe('ROLES_UNCHANGED');
    expect(refusal(() => decide({ type: 'ChangeRoles', data: { roles: ['Customer'], reason: 'r', other_super_admins: 2 }, metadata: by('sa') }, admin))).toBe('OWN_ACCOUNT');
    expect(refusal(() => decide({ type: 'ChangeRoles', data: { roles: ['Customer'], reason: 'r', other_super_admins: 0 }, metadata: by('x') }, admin))).toBe('LAST_SUPER_ADMIN');
    expect(decide({ type: 'ChangeRoles', data: { roles: ['Customer'], reason: 'r', other_super_admins: 1 }, metadata: by('x') }, admin)).toHaveLength(1);
    // Adding a role to oneself keeps the Super Admin role: allowed.
    expect(decide({ type: 'ChangeRoles', data: { roles: ['Super Admin', 'Customer'], reason: 'r', other_super_admins: 0 }, metadata: by('sa') }, admin)).toHaveLength(1);
  });

  it("refuses to give the Provider Admin role here (a provider's page appoints one, naming the provider), but takes it away", () => {
    const customer = registered('c', ['Customer']);
    expect(refusal(() => decide({ type: 'ChangeRoles', data: { roles: ['Customer', 'Provider Admin'], reason: 'r', other_super_admins: 1 }, metadata: by('x') }, customer))).toBe('PROVIDER_ADMIN_BY_PROVIDER');
    const providerAdmin = registered('p', ['Provider Admin']);
    expect(decide({ type: 'ChangeRoles', data: { roles: ['Customer'], reason: 'r', other_super_admins: 1 }, metadata: by('x') }, providerAdmin)).toHaveLength(1);
  });

  it('suspends (sessions end), refuses a second suspension and self-suspension, and reactivates', () => {
    const state = registered('a1', ['Customer']);
    expect(refusal(() => decide({ type: 'SuspendAccount', data: { reason: 'r', other_super_admins: 1 }, metadata: by('a1') }, state))).toBe('OWN_ACCOUNT');
    expect(refusal(() => decide({ type: 'ReactivateAccount', data: { reason: 'r' }, metadata: by('x') }, state))).toBe('NOT_SUSPENDED');
    const suspended = apply(state, { type: 'SuspendAccount', data: { reason: 'Fraud report', other_super_admins: 1 }, metadata: by('boss') });
    expect(suspended).toMatchObject({ suspended: true, sessionVersion: 1, sessionsEndedBefore: AT, keptSessionId: null });
    expect(refusal(() => decide({ type: 'SuspendAccount', data: { reason: 'r', other_super_admins: 1 }, metadata: by('x') }, suspended))).toBe('ALREADY_SUSPENDED');
    const [reactivated] = decide({ type: 'ReactivateAccount', data: { reason: 'Cleared' }, metadata: by('boss') }, suspended);
    expect(reactivated).toEqual({ type: 'AccountReactivated', data: { account_id: 'a1', by: 'boss', reason: 'Cleared', at: AT } });
    expect(reactivated ? evolve(suspended, reactivated) : null).toMatchObject({ suspended: false, sessionVersion: 2 });
  });

  it('refuses suspending the last active Super Admin', () => {
    const admin = registered('sa', ['Super Admin']);
    expect(refusal(() => decide({ type: 'SuspendAccount', data: { reason: 'r', other_super_admins: 0 }, metadata: by('x') }, admin))).toBe('LAST_SUPER_ADMIN');
  });

  it('refuses every command on an account that does not exist', () => {
    expect(refusal(() => decide({ type: 'ReactivateAccount', data: { reason: 'r' }, metadata: by('x') }, initialState()))).toBe('INVALID_COMMAND');
  });

  it('reads its stored events back', () => {
    const state = registered('a1', ['Customer']);
    const [event] = decide({ type: 'SuspendAccount', data: { reason: 'r', other_super_admins: 1 }, metadata: by('boss') }, state);
    expect(toAccountEvent(storedEvent({ type: 'AccountSuspended', stream: 'identity-account-a1', data: event?.data }))).toEqual(event);
  });
});
