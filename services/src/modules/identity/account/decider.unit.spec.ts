import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { decide, evolve, initialState, toAccountEvent, type AccountCommand } from './decider.ts';

const register: AccountCommand = {
  type: 'RegisterAccount',
  data: {
    account_id: 'a1',
    email: 'jane@example.com',
    full_name: 'Jane Doe',
    roles: ['Customer'],
    password_hash: '$scrypt$...',
    phone_encrypted: null,
    phone_masked: null,
    profile_img: null,
  },
  metadata: metaAt('2025-03-01T10:00:00.000Z'),
};

describe('account decider', () => {
  it('given nothing, when RegisterAccount, then AccountRegistered without the hash, and the hash in its own event', () => {
    const events = decide(register, initialState());
    expect(events.map((e) => e.type)).toEqual(['AccountRegistered', 'AccountPasswordSet']);
    expect(JSON.stringify(events[0])).not.toContain('scrypt');
    const state = events.reduce(evolve, initialState());
    expect(state).toMatchObject({ status: 'registered', id: 'a1', email: 'jane@example.com', passwordHash: '$scrypt$...', roles: ['Customer'] });
  });

  it('given a registered account, when RegisterAccount, then 409', () => {
    const state = decide(register, initialState()).reduce(evolve, initialState());
    expect(() => decide(register, state)).toThrow(DomainError);
  });

  it('reads its stored events back, and skips a type it does not know', () => {
    const stored = (type: string, data: unknown) => storedEvent({ type, stream: 'identity-account-a1', data });
    const [registered, passwordSet] = decide(register, initialState());
    expect(toAccountEvent(stored('AccountRegistered', registered?.data))).toEqual(registered);
    expect(toAccountEvent(stored('AccountPasswordSet', passwordSet?.data))).toEqual(passwordSet);
    expect(toAccountEvent(stored('AccountRenamed', {}))).toBeNull();
  });

  it('refuses an account without a role', () => {
    expect(() => decide({ ...register, data: { ...register.data, roles: [] } }, initialState())).toThrow(/at least one role/);
  });
});
