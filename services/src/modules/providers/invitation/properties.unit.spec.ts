import { PROVIDER_PROPERTIES_MAX } from '@acpg/contracts/provider-users';
import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { refusalKindOf } from '../../../../test/refusal.ts';
import { decideInvitation, evolveInvitation, initialInvitationState, type InvitationCommand, type InvitationEvent, type InvitationState } from './decider.ts';

const AT = '2026-03-01T10:00:00.000Z';
const EXPIRES = '2026-03-15T10:00:00.000Z';
const LATER = '2026-03-20T10:00:00.000Z';

const run = (state: InvitationState, command: Omit<InvitationCommand, 'metadata'>, at = AT): { events: InvitationEvent[]; state: InvitationState } => {
  const events = decideInvitation({ ...command, metadata: metaAt(at, { actor: 'padmin-1' }) } as InvitationCommand, state);
  return { events, state: events.reduce(evolveInvitation, state) };
};
const inviteWith = (properties?: string[]) =>
  ({
    type: 'InviteProviderUser',
    data: { invitation_id: 'i1', provider_id: 'p1', provider_name: 'Lennar', email: 'sam@example.test', role: 'Customer', send: 1, code_hash: 'h1', expires_at: EXPIRES, ...(properties ? { properties } : {}) },
  }) as const;
const accept = (confirmed?: string[]) =>
  ({ type: 'AcceptInvitation', data: { key: { send: 1 }, account_id: 'acc-1', account_email: 'sam@example.test', account_full_name: 'Sam Lee', account_roles: ['Customer'], ...(confirmed ? { confirmed } : {}) } }) as const;
const attach = (properties: string[]) => ({ type: 'AttachProperties', data: { properties } }) as const;
const ids = (n: number, prefix = 'prop') => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

describe('invitation decider: properties through the provider', () => {
  it('records the attached properties on the invitation (repeats once), at most PROVIDER_PROPERTIES_MAX', () => {
    const { events, state } = run(initialInvitationState(), inviteWith(['a', 'b', 'a']));
    expect(events[0]).toMatchObject({ type: 'ProviderInvitationSent', data: { properties: ['a', 'b'] } });
    expect(state).toMatchObject({ properties: ['a', 'b'], confirmed: [] });
    expect(refusalKindOf(() => run(initialInvitationState(), inviteWith(ids(PROVIDER_PROPERTIES_MAX + 1))))).toEqual({ kind: 'invalid', code: 'TOO_MANY_PROPERTIES' });
    // An invitation sent before properties (no field) holds none.
    const old = run(initialInvitationState(), inviteWith()).state;
    expect(old).toMatchObject({ properties: [] });
  });

  it('attaches only new properties to a waiting invitation, refuses past the limit, and does nothing for known ones', () => {
    const waiting = run(initialInvitationState(), inviteWith(['a'])).state;
    const { events, state } = run(waiting, attach(['a', 'b', 'c', 'b']));
    expect(events).toEqual([{ type: 'ProviderPropertiesAttached', data: { invitation_id: 'i1', provider_id: 'p1', properties: ['b', 'c'], by: 'padmin-1', at: AT } }]);
    expect(state).toMatchObject({ properties: ['a', 'b', 'c'] });
    expect(run(state, attach(['a', 'c'])).events).toEqual([]);
    expect(refusalKindOf(() => run(state, attach(ids(PROVIDER_PROPERTIES_MAX - 2))))).toEqual({ kind: 'invalid', code: 'TOO_MANY_PROPERTIES' });
    expect(run(state, attach(ids(PROVIDER_PROPERTIES_MAX - 3))).events).toHaveLength(1);
  });

  it('refuses attaching to a revoked, accepted or expired invitation', () => {
    const waiting = run(initialInvitationState(), inviteWith(['a'])).state;
    const revoked = run(waiting, { type: 'RevokeInvitation', data: {} }).state;
    expect(refusalKindOf(() => run(revoked, attach(['b'])))).toEqual({ kind: 'conflict', code: 'INVITATION_NOT_WAITING' });
    const active = run(waiting, accept()).state;
    expect(refusalKindOf(() => run(active, attach(['b'])))).toEqual({ kind: 'conflict', code: 'INVITATION_NOT_WAITING' });
    expect(refusalKindOf(() => run(waiting, attach(['b']), LATER))).toEqual({ kind: 'gone', code: 'INVITATION_EXPIRED' });
    expect(refusalKindOf(() => run(initialInvitationState(), attach(['b'])))).toEqual({ kind: 'not_found', code: 'INVITATION_NOT_FOUND' });
  });

  it('records the properties the user confirms at acceptance, after the acceptance, with the provider name', () => {
    const waiting = run(initialInvitationState(), inviteWith(['a', 'b'])).state;
    const { events, state } = run(waiting, accept(['b']));
    expect(events.map((e) => e.type)).toEqual(['ProviderInvitationAccepted', 'ProviderPropertiesConfirmed']);
    expect(events[1]).toEqual({
      type: 'ProviderPropertiesConfirmed',
      data: { invitation_id: 'i1', provider_id: 'p1', provider_name: 'Lennar', account_id: 'acc-1', properties: ['b'], by: 'padmin-1', at: AT },
    });
    expect(state).toMatchObject({ status: 'active', confirmed: ['b'] });
    // None checked: the acceptance alone.
    expect(run(waiting, accept([])).events.map((e) => e.type)).toEqual(['ProviderInvitationAccepted']);
  });

  it('refuses confirming a property the provider did not attach, and records nothing', () => {
    const waiting = run(initialInvitationState(), inviteWith(['a'])).state;
    expect(refusalKindOf(() => run(waiting, accept(['a', 'z'])))).toEqual({ kind: 'invalid', code: 'PROPERTY_NOT_ATTACHED' });
  });
});
