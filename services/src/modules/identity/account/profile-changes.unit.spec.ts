import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, type AccountCommand, type AccountEvent, type AccountState } from './decider.ts';
import { sessionEndedByAccount } from './profile-changes.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { account_id: 'a1', email: 'pat@example.test', full_name: 'Pat', roles: ['Customer'], phone_encrypted: null, phone_masked: null, profile_img: null },
};
const given = (...events: AccountEvent[]): AccountState => events.reduce(evolve, initialState());
const command = <C extends AccountCommand>(type: C['type'], data: C['data']) => ({ type, data, metadata: metaAt(T0) }) as AccountCommand;
const registeredState = (state: AccountState) => {
  if (state.status !== 'registered') throw new Error('not registered');
  return state;
};

describe('account decider: profile changes', () => {
  it('changes the name, and records nothing for the same name', () => {
    expect(decide(command('ChangeName', { full_name: 'Patricia' }), given(registered))).toEqual([{ type: 'AccountNameChanged', data: { account_id: 'a1', full_name: 'Patricia', at: T0 } }]);
    expect(decide(command('ChangeName', { full_name: 'Pat' }), given(registered))).toEqual([]);
  });

  it("changes an Agent's brokerage (nothing for the same one), and refuses one to a Customer", () => {
    const agent: AccountEvent = { type: 'AccountRegistered', data: { ...registered.data, roles: ['Agent'], brokerage_name: 'Bay Realty' } } as AccountEvent;
    const events = decide(command('ChangeBrokerage', { brokerage_name: 'Coast Homes' }), given(agent));
    expect(events).toEqual([{ type: 'AccountBrokerageChanged', data: { account_id: 'a1', brokerage_name: 'Coast Homes', at: T0 } }]);
    expect(registeredState(given(agent, ...events)).brokerageName).toBe('Coast Homes');
    expect(decide(command('ChangeBrokerage', { brokerage_name: 'Bay Realty' }), given(agent))).toEqual([]);
    expect(() => decide(command('ChangeBrokerage', { brokerage_name: 'Bay Realty' }), given(registered))).toThrow(expect.objectContaining({ code: 'BROKERAGE_NOT_ALLOWED' }));
  });

  it('keeps the time zone the browser or the profile sends, and records nothing for the same one', () => {
    const events = decide(command('SetTimeZone', { time_zone: 'America/New_York' }), given(registered));
    expect(events).toEqual([{ type: 'AccountTimeZoneSet', data: { account_id: 'a1', time_zone: 'America/New_York', at: T0 } }]);
    expect(registeredState(given(registered)).timeZone).toBeUndefined(); // older accounts: the default zone
    expect(registeredState(given(registered, ...events)).timeZone).toBe('America/New_York');
    expect(decide(command('SetTimeZone', { time_zone: 'America/New_York' }), given(registered, ...events))).toEqual([]);
  });

  it('changes the email (with the previous one), and refuses the current one', () => {
    const events = decide(command('ChangeEmail', { email: 'new@example.test' }), given(registered));
    expect(events).toEqual([{ type: 'AccountEmailChanged', data: { account_id: 'a1', email: 'new@example.test', previous_email: 'pat@example.test', at: T0 } }]);
    expect(registeredState(given(registered, ...events)).email).toBe('new@example.test');
    expect(() => decide(command('ChangeEmail', { email: 'pat@example.test' }), given(registered))).toThrow(DomainError);
  });

  it('changes the phone, and the photo, and removes the photo (nothing to remove: nothing recorded)', () => {
    const phone = decide(command('ChangePhone', { phone_encrypted: 'enc', phone_masked: '+1415********' }), given(registered));
    expect(registeredState(given(registered, ...phone))).toMatchObject({ phoneEncrypted: 'enc', phoneMasked: '+1415********' });
    const photo = decide(command('ChangePhoto', { photo_id: 'p1', widths: [16, 32], profile_img: '/p/32' }), given(registered));
    const withPhoto = given(registered, ...photo);
    expect(registeredState(withPhoto)).toMatchObject({ profileImg: '/p/32', photo: { photoId: 'p1', widths: [16, 32] } });
    const removed = decide(command('RemovePhoto', {}), withPhoto);
    expect(removed).toEqual([{ type: 'AccountPhotoRemoved', data: { account_id: 'a1', photo_id: 'p1', at: T0 } }]);
    expect(registeredState(given(registered, ...photo, ...removed))).toMatchObject({ profileImg: null, photo: null });
    expect(decide(command('RemovePhoto', {}), given(registered))).toEqual([]);
  });

  it('sets a password and ends the sessions started before, except the one kept', () => {
    const events = decide(command('SetPassword', { password_hash: 'h2', reason: 'password-change', kept_session_id: 's-kept' }), given(registered));
    expect(events).toEqual([
      { type: 'AccountPasswordSet', data: { account_id: 'a1', password_hash: 'h2' } },
      { type: 'AccountSessionsEnded', data: { account_id: 'a1', reason: 'password-change', ended_before: T0, kept_session_id: 's-kept' } },
    ]);
    const state = registeredState(given(registered, ...events));
    expect(state.passwordHash).toBe('h2');
    expect(sessionEndedByAccount(state, 's-old', '2026-03-01T09:00:00.000Z')).toBe(true);
    expect(sessionEndedByAccount(state, 's-kept', '2026-03-01T09:00:00.000Z')).toBe(false);
    expect(sessionEndedByAccount(state, 's-new', '2026-03-01T10:00:01.000Z')).toBe(false);
    expect(sessionEndedByAccount(registeredState(given(registered)), 's-old', '2026-03-01T09:00:00.000Z')).toBe(false);
  });

  it('refuses every profile change of an account that does not exist (404)', () => {
    expect(() => decide(command('ChangeName', { full_name: 'X' }), given())).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });
});
