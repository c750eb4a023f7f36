import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { refusalOf } from '../../../../test/refusal.ts';
import { decide, evolve, initialState, type PasswordResetCommand, type PasswordResetEvent, type PasswordResetState } from './decider.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const given = (...events: PasswordResetEvent[]): PasswordResetState => events.reduce(evolve, initialState());
const refusal = (command: PasswordResetCommand, state: PasswordResetState) => {
  const { status, code } = refusalOf(() => decide(command, state));
  return { status, code };
};

const request = (seconds: number, accountId: string | null = 'a1', resetId = 'r1'): PasswordResetCommand => ({
  type: 'RequestReset',
  data: { reset_id: resetId, account_id: accountId, code_hash: `code-${seconds}`, link_hash: `link-${seconds}` },
  metadata: metaAt(at(seconds)),
});
const requested = (accountId: string | null = 'a1'): PasswordResetEvent => ({ type: 'PasswordResetRequested', data: { reset_id: 'r1', account_id: accountId, requested_at: at(0) } });
const sent = (seconds: number, resetId = 'r1'): PasswordResetEvent => ({
  type: 'PasswordResetCodeSent',
  data: { reset_id: resetId, code_hash: `code-${seconds}`, link_hash: `link-${seconds}`, sent_at: at(seconds), code_expires_at: at(seconds + 600), link_expires_at: at(seconds + 3600) },
});
const rejected = (failures: number): PasswordResetEvent => ({ type: 'PasswordResetRejected', data: { reset_id: 'r1', method: 'code', failures, tries_left: 5 - failures, at: at(1) } });
const complete = (method: 'code' | 'link', hash: string, seconds: number): PasswordResetCommand => ({ type: 'CompleteReset', data: { method, proof_hash: hash, claim_id: `claim-${seconds}` }, metadata: metaAt(at(seconds)) });

describe('password reset decider', () => {
  it('given nothing, when RequestReset, then a reset opens with a code (10 min) and a link (1 hour)', () => {
    expect(decide(request(0), given())).toEqual([requested(), sent(0)]);
  });

  it('given an open reset, when RequestReset again, then a new code and link go out within it (its failures kept)', () => {
    const state = given(requested(), sent(0), rejected(2));
    expect(decide(request(120, 'a1', 'r2'), state)).toEqual([sent(120)]);
    expect(evolve(state, sent(120))).toMatchObject({ failures: 2, codeHash: 'code-120' });
  });

  it('given a reset whose link expired, a locked one or a used one, when RequestReset, then a new reset opens', () => {
    expect(decide(request(3600, 'a1', 'r2'), given(requested(), sent(0)))[0]).toMatchObject({ type: 'PasswordResetRequested', data: { reset_id: 'r2' } });
    const locked: PasswordResetEvent = { type: 'PasswordResetLocked', data: { reset_id: 'r1', at: at(1) } };
    expect(decide(request(60, 'a1', 'r2'), given(requested(), sent(0), locked))[0]?.type).toBe('PasswordResetRequested');
  });

  it('given an open reset of an email no account used, when the email now has an account, then a new reset opens', () => {
    expect(decide(request(60, 'a1', 'r2'), given(requested(null), sent(0)))[0]).toMatchObject({ type: 'PasswordResetRequested', data: { account_id: 'a1' } });
  });

  it('when the right code or link comes in time, then it is used up (claimed) first, and the reset completes by that method once finished', () => {
    const state = given(requested(), sent(0));
    const accepted = decide(complete('code', 'code-0', 599), state);
    expect(accepted).toEqual([{ type: 'PasswordResetAccepted', data: { reset_id: 'r1', method: 'code', claim_id: 'claim-599', at: at(599) } }]);
    expect(decide(complete('link', 'link-0', 3599), state)[0]).toMatchObject({ type: 'PasswordResetAccepted', data: { method: 'link' } });
    const finish = (claim: string): PasswordResetCommand => ({ type: 'FinishReset', data: { claim_id: claim }, metadata: metaAt(at(600)) });
    const claimed = given(requested(), sent(0), ...accepted);
    expect(decide(finish('claim-599'), claimed)).toEqual([{ type: 'PasswordResetCompleted', data: { reset_id: 'r1', account_id: 'a1', method: 'code', at: at(600) } }]);
    expect(refusal(finish('another'), claimed)).toEqual({ status: 410, code: 'RESET_USED' });
  });

  it('while claimed, another try is refused (409 OTP_IN_USE) uncounted; a release gives the code back; past the claim the same code claims again', () => {
    const claimed = given(requested(), sent(0), ...decide(complete('code', 'code-0', 10), given(requested(), sent(0))));
    expect(refusal(complete('code', 'nope', 39), claimed)).toEqual({ status: 409, code: 'OTP_IN_USE' });
    expect(refusal(complete('code', 'code-0', 39), claimed)).toEqual({ status: 409, code: 'OTP_IN_USE' });
    expect(decide(complete('code', 'code-0', 700), claimed)[0]).toMatchObject({ type: 'PasswordResetAccepted', data: { claim_id: 'claim-700' } });
    const release = (claim: string): PasswordResetCommand => ({ type: 'ReleaseReset', data: { claim_id: claim }, metadata: metaAt(at(11)) });
    expect(decide(release('another'), claimed)).toEqual([]);
    const reopened = decide(release('claim-10'), claimed).reduce(evolve, claimed);
    expect(reopened.status).toBe('open');
    expect(decide(complete('code', 'code-0', 12), reopened)[0]?.type).toBe('PasswordResetAccepted');
  });

  it('refuses an expired code (410 OTP_EXPIRED) and an expired link (410 RESET_LINK_EXPIRED)', () => {
    const state = given(requested(), sent(0));
    expect(refusal(complete('code', 'code-0', 600), state)).toEqual({ status: 410, code: 'OTP_EXPIRED' });
    expect(refusal(complete('link', 'link-0', 3600), state)).toEqual({ status: 410, code: 'RESET_LINK_EXPIRED' });
  });

  it('only the latest code counts', () => {
    expect(decide(complete('code', 'code-0', 200), given(requested(), sent(0), sent(120)))[0]?.type).toBe('PasswordResetRejected');
  });

  it('counts a wrong code, and locks the reset on the 5th', () => {
    expect(decide(complete('code', 'nope', 10), given(requested(), sent(0)))).toEqual([rejected(1)].map((e) => ({ ...e, data: { ...e.data, at: at(10) } })));
    const fifth = decide(complete('code', 'nope', 10), given(requested(), sent(0), rejected(4)));
    expect(fifth.map((e) => e.type)).toEqual(['PasswordResetRejected', 'PasswordResetLocked']);
  });

  it('never completes the reset of an email no account uses, whatever the proof', () => {
    expect(decide(complete('code', 'code-0', 10), given(requested(null), sent(0)))[0]?.type).toBe('PasswordResetRejected');
  });

  it('refuses when nothing was asked (400 RESET_NOT_FOUND), when locked (410) and once used (410 RESET_USED)', () => {
    expect(refusal(complete('code', 'x', 0), given())).toEqual({ status: 400, code: 'RESET_NOT_FOUND' });
    const locked: PasswordResetEvent = { type: 'PasswordResetLocked', data: { reset_id: 'r1', at: at(1) } };
    expect(refusal(complete('code', 'code-0', 5), given(requested(), sent(0), locked))).toEqual({ status: 410, code: 'RESET_LOCKED' });
    const done: PasswordResetEvent = { type: 'PasswordResetCompleted', data: { reset_id: 'r1', account_id: 'a1', method: 'code', at: at(5) } };
    expect(refusal(complete('link', 'link-0', 6), given(requested(), sent(0), done))).toEqual({ status: 410, code: 'RESET_USED' });
  });
});
