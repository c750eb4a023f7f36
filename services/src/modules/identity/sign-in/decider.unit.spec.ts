import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { CHALLENGE_TTL_SECONDS, decide, evolve, initialState, type SignInCommand, type SignInEvent, type SignInState } from './decider.ts';
import { refusalOf } from '../../../../test/refusal.ts';

const T0 = '2025-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const given = (...events: SignInEvent[]): SignInState => events.reduce(evolve, initialState());
const refusal = (command: SignInCommand, state: SignInState) => refusalOf(() => decide(command, state));

const issued: SignInEvent = {
  type: 'SignInChallengeIssued',
  data: { challenge_id: 'c1', account_id: 'a1', channels: ['email', 'phone'], issued_at: T0, expires_at: at(CHALLENGE_TTL_SECONDS) },
};
const sent = (seconds: number, hash = 'h-right', channel: 'email' | 'phone' = 'email'): SignInEvent => ({
  type: 'SignInCodeSent',
  data: { challenge_id: 'c1', channel, code_hash: hash, sent_at: at(seconds), expires_at: at(seconds + 600) },
});
const rejected = (failures: number, seconds = 1): SignInEvent => ({
  type: 'SignInCodeRejected',
  data: { challenge_id: 'c1', failures, tries_left: 5 - failures, at: at(seconds) },
});
const verify = (hash: string, seconds: number): SignInCommand => ({ type: 'VerifyCode', data: { code_hash: hash, session_id: 's1' }, metadata: metaAt(at(seconds)) });

describe('sign-in challenge decider', () => {
  it('given nothing, when IssueChallenge, then the challenge is issued for 30 minutes', () => {
    expect(decide({ type: 'IssueChallenge', data: { challenge_id: 'c1', account_id: 'a1', channels: ['email', 'phone'] }, metadata: metaAt(T0) }, given())).toEqual([issued]);
  });

  it('given an issued challenge, when IssueChallenge again, then it is refused', () => {
    expect(refusal({ type: 'IssueChallenge', data: { challenge_id: 'c1', account_id: 'a1', channels: ['email'] }, metadata: metaAt(T0) }, given(issued)).status).toBe(409);
  });

  it('given an issued challenge, when SendCode, then a code valid 10 minutes is recorded (hashed)', () => {
    expect(decide({ type: 'SendCode', data: { channel: 'email', code_hash: 'h-right' }, metadata: metaAt(at(5)) }, given(issued))).toEqual([sent(5)]);
  });

  it('given a challenge without phone, when SendCode by phone, then 400 CHANNEL_UNAVAILABLE', () => {
    const emailOnly: SignInEvent = { ...issued, data: { ...issued.data, channels: ['email'] } } as SignInEvent;
    expect(refusal({ type: 'SendCode', data: { channel: 'phone', code_hash: 'h' }, metadata: metaAt(at(1)) }, given(emailOnly)).code).toBe('CHANNEL_UNAVAILABLE');
  });

  it('given nothing, when SendCode or VerifyCode, then 404 SIGN_IN_NOT_FOUND', () => {
    expect(refusal({ type: 'SendCode', data: { channel: 'email', code_hash: 'h' }, metadata: metaAt(T0) }, given()).code).toBe('SIGN_IN_NOT_FOUND');
    expect(refusal(verify('h', 0), given()).status).toBe(404);
  });

  it('given an expired challenge, when SendCode, then 410 SIGN_IN_EXPIRED', () => {
    expect(refusal({ type: 'SendCode', data: { channel: 'email', code_hash: 'h' }, metadata: metaAt(at(CHALLENGE_TTL_SECONDS)) }, given(issued))).toMatchObject({
      status: 410,
      code: 'SIGN_IN_EXPIRED',
    });
  });

  it('given no code sent, when VerifyCode, then 400 OTP_NOT_SENT', () => {
    expect(refusal(verify('h-right', 10), given(issued)).code).toBe('OTP_NOT_SENT');
  });

  it('given a code sent, when the right code comes within 10 minutes, then the sign-in completes', () => {
    expect(decide(verify('h-right', 599), given(issued, sent(0)))).toEqual([
      { type: 'SignInCompleted', data: { challenge_id: 'c1', account_id: 'a1', channel: 'email', session_id: 's1', at: at(599) } },
    ]);
  });

  it('given a code sent 10 minutes ago, when the right code comes, then 410 OTP_EXPIRED and nothing is recorded', () => {
    expect(refusal(verify('h-right', 600), given(issued, sent(0)))).toMatchObject({ status: 410, code: 'OTP_EXPIRED' });
  });

  it('given a completed sign-in, when the code comes again, then 410 SIGN_IN_USED (single use)', () => {
    const state = given(issued, sent(0), ...decide(verify('h-right', 10), given(issued, sent(0))));
    expect(refusal(verify('h-right', 11), state)).toMatchObject({ status: 410, code: 'SIGN_IN_USED' });
    expect(refusal({ type: 'SendCode', data: { channel: 'email', code_hash: 'h' }, metadata: metaAt(at(100)) }, state).code).toBe('SIGN_IN_USED');
  });

  it('given a code sent, when a wrong code comes, then the failure is recorded with the tries left', () => {
    expect(decide(verify('h-wrong', 10), given(issued, sent(0)))).toEqual([rejected(1, 10)]);
  });

  it('given 4 wrong tries, when a 5th wrong code comes, then the challenge locks', () => {
    const events = decide(verify('h-wrong', 10), given(issued, sent(0), rejected(1), rejected(2), rejected(3), rejected(4)));
    expect(events).toEqual([rejected(5, 10), { type: 'SignInChallengeLocked', data: { challenge_id: 'c1', at: at(10) } }]);
  });

  it('given a locked challenge, when even the right code comes, then 410 SIGN_IN_LOCKED', () => {
    const state = given(issued, sent(0), rejected(1), rejected(2), rejected(3), rejected(4), rejected(5), { type: 'SignInChallengeLocked', data: { challenge_id: 'c1', at: at(1) } });
    expect(refusal(verify('h-right', 20), state)).toMatchObject({ status: 410, code: 'SIGN_IN_LOCKED' });
    expect(refusal({ type: 'SendCode', data: { channel: 'email', code_hash: 'h' }, metadata: metaAt(at(100)) }, state).code).toBe('SIGN_IN_LOCKED');
  });

  it('given 3 wrong tries, when a new code is sent, then the failure count is not reset', () => {
    const state = given(issued, sent(0), rejected(1), rejected(2), rejected(3), sent(120, 'h-new'));
    expect(decide(verify('h-wrong', 130), state)).toEqual([rejected(4, 130)]);
  });

  it('given a resent code, when the previous code comes, then it is wrong (only the latest counts)', () => {
    const state = given(issued, sent(0, 'h-old'), sent(120, 'h-new'));
    expect(decide(verify('h-old', 130), state)[0]?.type).toBe('SignInCodeRejected');
    expect(decide(verify('h-new', 130), state)[0]?.type).toBe('SignInCompleted');
  });

  it('given a code sent by phone, when completed, then the channel is the phone', () => {
    const events = decide(verify('h-right', 30), given(issued, sent(0, 'h-right', 'phone')));
    expect(events[0]).toMatchObject({ type: 'SignInCompleted', data: { channel: 'phone' } });
  });
});
