import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { refusalKindOf } from '../../../../test/refusal.ts';
import { decideInvitation, evolveInvitation, initialInvitationState, type InvitationCommand, type InvitationEvent, type InvitationState } from './decider.ts';

const AT = '2026-03-01T10:00:00.000Z';
const EXPIRES = '2026-03-15T10:00:00.000Z';
const LATER = '2026-03-20T10:00:00.000Z';

const run = (state: InvitationState, command: Omit<InvitationCommand, 'metadata'>, at = AT, actor = 'padmin-1'): { events: InvitationEvent[]; state: InvitationState } => {
  const events = decideInvitation({ ...command, metadata: metaAt(at, { actor }) } as InvitationCommand, state);
  return { events, state: events.reduce(evolveInvitation, state) };
};
const invite = { type: 'InviteProviderUser', data: { invitation_id: 'i1', provider_id: 'p1', provider_name: 'Lennar', email: 'sam@example.test', role: 'Agent', send: 1, code_hash: 'h1', expires_at: EXPIRES } } as const;
const invited = () => run(initialInvitationState(), invite).state;
const accept = (key: { send: number } | { code_hash: string }, email = 'sam@example.test', roles: readonly string[] = ['Customer']) =>
  ({ type: 'AcceptInvitation', data: { key, account_id: 'acc-1', account_email: email, account_full_name: 'Sam Lee', account_roles: roles } }) as const;

describe('invitation decider', () => {
  it('invites once: send 1, signed; a waiting invitation or a user refuses another', () => {
    const { events, state } = run(initialInvitationState(), invite);
    expect(events).toEqual([{ type: 'ProviderInvitationSent', data: { ...invite.data, properties: [], by: 'padmin-1', at: AT } }]);
    expect(state).toMatchObject({ status: 'invited', send: 1, code_hashes: ['h1'] });
    expect(refusalKindOf(() => run(state, invite))).toEqual({ kind: 'conflict', code: 'ALREADY_INVITED' });
    const active = run(state, accept({ send: 1 })).state;
    expect(refusalKindOf(() => run(active, invite))).toEqual({ kind: 'conflict', code: 'ALREADY_A_PROVIDER_USER' });
  });

  it('invites again after a revocation or an expiry, as a new send', () => {
    const revoked = run(invited(), { type: 'RevokeInvitation', data: {} }).state;
    expect(run(revoked, { ...invite, data: { ...invite.data, send: 2, code_hash: 'h2' } }).events[0]).toMatchObject({ type: 'ProviderInvitationSent', data: { send: 2 } });
    expect(run(invited(), { ...invite, data: { ...invite.data, send: 2 } }, LATER).events[0]).toMatchObject({ type: 'ProviderInvitationSent', data: { send: 2 } });
    // A code made for another send (someone sent it meanwhile) is refused, not recorded.
    expect(refusalKindOf(() => run(revoked, invite))).toEqual({ kind: 'conflict', code: 'INVITATION_CHANGED' });
  });

  it('accepts the latest send by link or code, once, for the invited email only', () => {
    const { events, state } = run(invited(), accept({ code_hash: 'h1' }));
    expect(events).toEqual([{ type: 'ProviderInvitationAccepted', data: { invitation_id: 'i1', provider_id: 'p1', account_id: 'acc-1', full_name: 'Sam Lee', email: 'sam@example.test', role: 'Agent', by: 'padmin-1', at: AT } }]);
    expect(state).toMatchObject({ status: 'active', account_id: 'acc-1', accepted_send: 1 });
    expect(refusalKindOf(() => run(state, accept({ send: 1 })))).toEqual({ kind: 'conflict', code: 'INVITATION_USED' });
    expect(refusalKindOf(() => run(invited(), accept({ send: 1 }, 'other@example.test')))).toEqual({ kind: 'conflict', code: 'INVITATION_EMAIL_MISMATCH' });
    expect(run(invited(), accept({ send: 1 }, 'SAM@example.test')).events).toHaveLength(1);
  });

  it('refuses a Super Admin, Admin or Provider Admin account (staff never join a provider as a user), and records nothing', () => {
    for (const role of ['Super Admin', 'Admin', 'Provider Admin']) {
      expect(refusalKindOf(() => run(invited(), accept({ send: 1 }, 'sam@example.test', ['Customer', role])))).toEqual({ kind: 'conflict', code: 'INVITATION_NOT_FOR_STAFF' });
    }
    expect(run(invited(), accept({ send: 1 }, 'sam@example.test', ['Agent', 'Sub User'])).events).toHaveLength(1);
  });

  it('refuses an expired, revoked, replaced or unknown key', () => {
    expect(refusalKindOf(() => run(invited(), accept({ send: 1 }), LATER))).toEqual({ kind: 'gone', code: 'INVITATION_EXPIRED' });
    const revoked = run(invited(), { type: 'RevokeInvitation', data: {} }).state;
    expect(refusalKindOf(() => run(revoked, accept({ send: 1 })))).toEqual({ kind: 'gone', code: 'INVITATION_REVOKED' });
    const resent = run(invited(), { type: 'ResendInvitation', data: { send: 2, code_hash: 'h2', expires_at: LATER } }).state;
    expect(resent).toMatchObject({ send: 2, code_hashes: ['h1', 'h2'], expires_at: LATER });
    expect(refusalKindOf(() => run(resent, accept({ send: 1 })))).toEqual({ kind: 'gone', code: 'INVITATION_REPLACED' });
    expect(refusalKindOf(() => run(resent, accept({ code_hash: 'h1' })))).toEqual({ kind: 'gone', code: 'INVITATION_REPLACED' });
    expect(run(resent, accept({ code_hash: 'h2' })).events).toHaveLength(1);
    expect(refusalKindOf(() => run(resent, accept({ send: 3 })))).toEqual({ kind: 'not_found', code: 'INVITATION_NOT_FOUND' });
    expect(refusalKindOf(() => run(resent, accept({ code_hash: 'nope' })))).toEqual({ kind: 'not_found', code: 'INVITATION_NOT_FOUND' });
    expect(refusalKindOf(() => run(initialInvitationState(), accept({ send: 1 })))).toEqual({ kind: 'not_found', code: 'INVITATION_NOT_FOUND' });
  });

  it('resends and revokes only a waiting invitation; revoking twice records once', () => {
    const revoked = run(invited(), { type: 'RevokeInvitation', data: {} });
    expect(revoked.events).toEqual([{ type: 'ProviderInvitationRevoked', data: { invitation_id: 'i1', provider_id: 'p1', by: 'padmin-1', at: AT } }]);
    expect(run(revoked.state, { type: 'RevokeInvitation', data: {} }).events).toEqual([]);
    expect(refusalKindOf(() => run(revoked.state, { type: 'ResendInvitation', data: { send: 2, code_hash: 'h2', expires_at: LATER } }))).toEqual({ kind: 'gone', code: 'INVITATION_REVOKED' });
    const active = run(invited(), accept({ send: 1 })).state;
    expect(refusalKindOf(() => run(active, { type: 'RevokeInvitation', data: {} }))).toEqual({ kind: 'conflict', code: 'INVITATION_USED' });
    expect(refusalKindOf(() => run(active, { type: 'ResendInvitation', data: { send: 2, code_hash: 'h2', expires_at: LATER } }))).toEqual({ kind: 'conflict', code: 'INVITATION_USED' });
  });

  it('suspends and reactivates an active user; refuses a waiting invitation', () => {
    const active = run(invited(), accept({ send: 1 })).state;
    const suspended = run(active, { type: 'SuspendProviderUser', data: {} });
    expect(suspended.events).toEqual([{ type: 'ProviderUserSuspended', data: { invitation_id: 'i1', provider_id: 'p1', account_id: 'acc-1', by: 'padmin-1', at: AT } }]);
    expect(run(suspended.state, { type: 'SuspendProviderUser', data: {} }).events).toEqual([]);
    expect(refusalKindOf(() => run(suspended.state, accept({ send: 1 })))).toEqual({ kind: 'conflict', code: 'INVITATION_USED' });
    const back = run(suspended.state, { type: 'ReactivateProviderUser', data: {} });
    expect(back.state.status).toBe('active');
    expect(refusalKindOf(() => run(invited(), { type: 'SuspendProviderUser', data: {} }))).toEqual({ kind: 'conflict', code: 'PROVIDER_USER_NOT_ACTIVE' });
    expect(run(active, { type: 'ReactivateProviderUser', data: {} }).events).toEqual([]);
    expect(refusalKindOf(() => run(invited(), { type: 'ReactivateProviderUser', data: {} }))).toEqual({ kind: 'conflict', code: 'PROVIDER_USER_NOT_SUSPENDED' });
  });

  it('removes an active or suspended user once; a removed user may be invited again; a waiting invitation is revoked, not removed', () => {
    const active = run(invited(), accept({ send: 1 })).state;
    const { events, state } = run(active, { type: 'RemoveProviderUser', data: {} });
    expect(events).toEqual([{ type: 'ProviderUserRemoved', data: { invitation_id: 'i1', provider_id: 'p1', account_id: 'acc-1', by: 'padmin-1', at: AT } }]);
    expect(state).toMatchObject({ status: 'removed' });
    expect(run(state, { type: 'RemoveProviderUser', data: {} }).events).toEqual([]);
    const suspended = run(active, { type: 'SuspendProviderUser', data: {} }).state;
    expect(run(suspended, { type: 'RemoveProviderUser', data: {} }).events).toHaveLength(1);
    expect(refusalKindOf(() => run(invited(), { type: 'RemoveProviderUser', data: {} }))).toEqual({ kind: 'conflict', code: 'PROVIDER_USER_NOT_A_MEMBER' });
    expect(run(state, { ...invite, data: { ...invite.data, send: 2, code_hash: 'h2' } }).events[0]).toMatchObject({ type: 'ProviderInvitationSent', data: { send: 2 } });
  });
});
