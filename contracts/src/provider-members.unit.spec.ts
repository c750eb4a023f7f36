import { describe, expect, it } from 'vitest';
import { nextProviderMember, providerMemberKey } from './provider-users.ts';

const at = '2026-03-01T10:00:00.000Z';
const ids = { invitation_id: 'i1', provider_id: 'p1', account_id: 'a1' };
const event = (type: string, data: unknown) => ({ type, data, occurredAt: at });

describe('nextProviderMember (the published fold of a provider’s members)', () => {
  it('an accepted invitation makes a member; suspension and reactivation flip its status; removal ends it', () => {
    const member = nextProviderMember(null, event('ProviderInvitationAccepted', { ...ids, full_name: 'Sam', email: 'sam@example.test', role: 'Agent', by: 'a1', at }));
    expect(member).toEqual({ provider_id: 'p1', account_id: 'a1', status: 'active', role: 'Agent', since: at });
    const suspended = nextProviderMember(member, event('ProviderUserSuspended', { ...ids, by: 'x', at }));
    expect(suspended?.status).toBe('suspended');
    expect(nextProviderMember(suspended, event('ProviderUserReactivated', { ...ids, by: 'x', at }))?.status).toBe('active');
    expect(nextProviderMember(member, event('ProviderUserRemoved', { ...ids, by: 'x', at }))).toBeNull();
  });

  it('ignores malformed data and other events, and never makes a member from a suspension', () => {
    expect(nextProviderMember(null, event('ProviderUserSuspended', { ...ids, by: 'x', at }))).toBeNull();
    expect(nextProviderMember(null, event('ProviderInvitationAccepted', { provider_id: 'p1' }))).toBeNull();
    const member = nextProviderMember(null, event('ProviderInvitationAccepted', { ...ids, full_name: null, email: 'sam@example.test', role: 'Owner', by: 'a1', at }));
    expect(nextProviderMember(member, event('ProviderUserRemoved', { provider_id: 'p1' }))).toEqual(member);
    expect(nextProviderMember(member, event('ProviderInvitationSent', {}))).toEqual(member);
    expect(providerMemberKey('p1', 'a1')).toBe('p1:a1');
  });
});
