import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, emailDecider, emailStream, evolve, initialState, normaliseEmail, type EmailCommand, type EmailEvent, type EmailState } from './decider.ts';

const given = (...events: EmailEvent[]): EmailState => events.reduce(evolve, initialState());
const reserve = (email: string, accountId: string): EmailCommand => ({
  type: 'ReserveEmail',
  data: { email, account_id: accountId },
  metadata: metaAt('2025-03-01T10:00:00.000Z'),
});
const reserved = (email: string, accountId: string): EmailEvent => ({ type: 'EmailReserved', data: { email, account_id: accountId } });

describe('email reservation decider', () => {
  it('normalises an email by trimming and lower-casing it', () => {
    expect(normaliseEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('names the stream by a digest of the normalised email, never the email itself', () => {
    expect(emailStream(' Jane@Example.COM ')).toBe(emailStream('jane@example.com'));
    expect(emailStream('jane@example.com')).not.toBe(emailStream('john@example.com'));
    expect(emailStream('jane@example.com')).toMatch(/^identity-email-[0-9a-f]{64}$/);
    expect(emailStream('jane@example.com')).not.toContain('jane');
  });

  it('given a free email, when ReserveEmail, then it is reserved for the account in its normalised form', () => {
    expect(decide(reserve(' Jane@Example.com', 'a1'), given())).toEqual([reserved('jane@example.com', 'a1')]);
  });

  it('given a reserved email, when ReserveEmail for another account, then 409 EMAIL_TAKEN and nothing is decided', () => {
    const state = given(reserved('jane@example.com', 'a1'));
    expect(state).toEqual({ status: 'reserved', accountId: 'a1' });
    let refusal: unknown;
    try {
      decide(reserve('jane@example.com', 'a2'), state);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' });
  });

  it('given a reserved email, when the same account asks again, then it is refused too (the reservation is made once)', () => {
    expect(() => decide(reserve('jane@example.com', 'a1'), given(reserved('jane@example.com', 'a1')))).toThrow(DomainError);
  });

  it('starts free', () => {
    expect(emailDecider.initialState()).toEqual({ status: 'free' });
  });

  it('given an email reserved by an account, when that account releases it, then it is free again; another account cannot', () => {
    const release = (accountId: string): EmailCommand => ({ type: 'ReleaseEmail', data: { email: 'Jane@Example.com', account_id: accountId }, metadata: metaAt('2025-03-01T10:00:00.000Z') });
    expect(decide(release('a2'), given(reserved('jane@example.com', 'a1')))).toEqual([]);
    const events = decide(release('a1'), given(reserved('jane@example.com', 'a1')));
    expect(events).toEqual([{ type: 'EmailReleased', data: { email: 'jane@example.com', account_id: 'a1' } }]);
    expect(given(reserved('jane@example.com', 'a1'), ...events)).toEqual({ status: 'free' });
    expect(decide(reserve('jane@example.com', 'a3'), given(reserved('jane@example.com', 'a1'), ...events))).toEqual([reserved('jane@example.com', 'a3')]);
  });
});

describe('email release (profile email change)', () => {
  const meta = metaAt('2026-03-01T10:00:00.000Z');
  it('releases only for its holder; a released email may be reserved again', () => {
    const state = evolve(initialState(), { type: 'EmailReserved', data: { email: 'a@example.test', account_id: 'a1' } });
    expect(decide({ type: 'ReleaseEmail', data: { email: 'a@example.test', account_id: 'a2' }, metadata: meta }, state)).toEqual([]);
    const released = decide({ type: 'ReleaseEmail', data: { email: 'A@example.test', account_id: 'a1' }, metadata: meta }, state);
    expect(released).toEqual([{ type: 'EmailReleased', data: { email: 'a@example.test', account_id: 'a1' } }]);
    const free = released.reduce(evolve, state);
    expect(decide({ type: 'ReserveEmail', data: { email: 'a@example.test', account_id: 'a2' }, metadata: meta }, free)[0]?.type).toBe('EmailReserved');
  });
});
