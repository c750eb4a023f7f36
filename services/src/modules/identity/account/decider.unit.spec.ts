import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors.ts';
import { emailStream, decide as decideEmail, evolve as evolveEmail, initialState as noEmail } from '../email/decider.ts';
import { decide, evolve, initialState, type AccountCommand } from './decider.ts';

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
    expect(() => decide(register, state)).toThrow(AppError);
  });

  it('refuses an account without a role', () => {
    expect(() => decide({ ...register, data: { ...register.data, roles: [] } }, initialState())).toThrow(/at least one role/);
  });
});

describe('email reservation decider', () => {
  it('names the stream by a digest of the normalised email', () => {
    expect(emailStream(' Jane@Example.COM ')).toBe(emailStream('jane@example.com'));
    expect(emailStream('jane@example.com')).toMatch(/^identity-email-[0-9a-f]{64}$/);
  });

  it('given a free email, when ReserveEmail, then it is reserved; again, 409 EMAIL_TAKEN', () => {
    const events = decideEmail({ type: 'ReserveEmail', data: { email: 'Jane@example.com', account_id: 'a1' } }, noEmail());
    expect(events).toEqual([{ type: 'EmailReserved', data: { email: 'jane@example.com', account_id: 'a1' } }]);
    const state = events.reduce(evolveEmail, noEmail());
    expect(state).toEqual({ status: 'reserved', accountId: 'a1' });
    expect(() => decideEmail({ type: 'ReserveEmail', data: { email: 'jane@example.com', account_id: 'a2' } }, state)).toThrow(/already exists/);
  });
});
