import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, phoneStream, type PhoneCommand, type PhoneEvent, type PhoneState } from './decider.ts';

const T0 = '2025-03-01T10:00:00.000Z';
const given = (...events: PhoneEvent[]): PhoneState => events.reduce(evolve, initialState());
const reserve = (accountId: string): PhoneCommand => ({ type: 'ReservePhone', data: { account_id: accountId }, metadata: metaAt(T0) });
const release = (accountId: string): PhoneCommand => ({ type: 'ReleasePhone', data: { account_id: accountId }, metadata: metaAt(T0) });
const reserved = (accountId: string): PhoneEvent => ({ type: 'PhoneReserved', data: { account_id: accountId, at: T0 } });
const released = (accountId: string): PhoneEvent => ({ type: 'PhoneReleased', data: { account_id: accountId, at: T0 } });

describe('phone reservation decider', () => {
  it('names the stream by the digest it is given', () => {
    expect(phoneStream('abc')).toBe('identity-phone-abc');
  });

  it('given a free phone, when ReservePhone, then it is reserved for the account', () => {
    expect(decide(reserve('a1'), given())).toEqual([reserved('a1')]);
  });

  it('given a phone reserved by another account, when ReservePhone, then 409 PHONE_TAKEN', () => {
    let error: unknown;
    try {
      decide(reserve('a2'), given(reserved('a1')));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'PHONE_TAKEN' });
  });

  it('given a phone reserved by the same account, when ReservePhone again, then nothing new (a repeat)', () => {
    expect(decide(reserve('a1'), given(reserved('a1')))).toEqual([]);
  });

  it('given a reservation, when its account releases it, then the phone is free again; another account cannot release it', () => {
    expect(decide(release('a2'), given(reserved('a1')))).toEqual([]);
    expect(decide(release('a1'), given(reserved('a1')))).toEqual([released('a1')]);
    expect(given(reserved('a1'), released('a1'))).toEqual({ status: 'free' });
    expect(decide(reserve('a2'), given(reserved('a1'), released('a1')))).toEqual([reserved('a2')]);
  });
});
