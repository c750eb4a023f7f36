import { describe, expect, it } from 'vitest';
import { DomainError, RetryLater } from '../../../platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../../../platform/http/domain-errors.ts';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, nextSendWait, type OtpDestinationCommand, type OtpDestinationEvent, type OtpDestinationState } from './decider.ts';

const T0 = '2025-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const given = (...events: OtpDestinationEvent[]): OtpDestinationState => events.reduce(evolve, initialState());
const sentAt = (seconds: number): OtpDestinationEvent => ({ type: 'OtpSendRecorded', data: { channel: 'email', challenge_id: 'c1', sent_at: at(seconds) } });
const send = (seconds: number, challenge = 'c1'): OtpDestinationCommand => ({ type: 'RecordOtpSend', data: { channel: 'email', challenge_id: challenge }, metadata: metaAt(at(seconds)) });
const refusal = (command: OtpDestinationCommand, state: OtpDestinationState) => {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof RetryLater) return { status: DOMAIN_ERROR_STATUS[error.kind], code: error.code, message: error.message, retryAfter: error.retryAfterSeconds };
    if (error instanceof DomainError) return { status: DOMAIN_ERROR_STATUS[error.kind], code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('OTP destination decider (resend delay, hourly cap)', () => {
  it('given no send, when a code is asked for, then the send is recorded', () => {
    expect(decide(send(0), given())).toEqual([sentAt(0)]);
  });

  it('given a send 59 s ago, when another is asked for, then 429 with the seconds to wait', () => {
    expect(refusal(send(59), given(sentAt(0)))).toEqual({ status: 429, code: 'OTP_RESEND_TOO_SOON', message: 'Wait 1 second before asking for a new code.', retryAfter: 1 });
    expect(refusal(send(15), given(sentAt(0))).message).toBe('Wait 45 seconds before asking for a new code.');
  });

  it('holds across challenges (a new sign-in does not skip the delay)', () => {
    expect(refusal(send(30, 'c2'), given(sentAt(0))).code).toBe('OTP_RESEND_TOO_SOON');
  });

  it('given a send 60 s ago, when another is asked for, then it is allowed', () => {
    expect(decide(send(60), given(sentAt(0)))).toHaveLength(1);
  });

  it('given 5 sends in the last hour, when a 6th is asked for, then 429 OTP_HOURLY_LIMIT with the minutes to wait', () => {
    const state = given(sentAt(0), sentAt(60), sentAt(120), sentAt(180), sentAt(240));
    expect(refusal(send(300), state)).toEqual({
      status: 429,
      code: 'OTP_HOURLY_LIMIT',
      message: 'Too many codes were sent here in the last hour. Try again in 55 minutes.',
      retryAfter: 3300,
    });
  });

  it('given 5 sends, the oldest an hour ago, when a 6th is asked for, then it is allowed', () => {
    const state = given(sentAt(0), sentAt(60), sentAt(120), sentAt(180), sentAt(240));
    expect(decide(send(3600), state)).toEqual([sentAt(3600)]);
  });

  it('keeps only the last 5 send times', () => {
    const state = given(sentAt(0), sentAt(600), sentAt(1200), sentAt(1800), sentAt(2400), sentAt(3600));
    expect(state.recentSends).toEqual([at(600), at(1200), at(1800), at(2400), at(3600)]);
    expect(refusal(send(3700), state).code).toBe('OTP_HOURLY_LIMIT');
    expect(decide(send(4200), state)).toHaveLength(1);
  });

  it('given 5 sends and less than 60 s since the last, when another is asked for, then the hourly cap binds and is the one told', () => {
    // The case: "Wait 37 seconds" first, then "Try again in 53 minutes": the real wait up front.
    const state = given(sentAt(0), sentAt(60), sentAt(120), sentAt(180), sentAt(240));
    expect(refusal(send(263), state)).toMatchObject({ code: 'OTP_HOURLY_LIMIT', retryAfter: 3337, message: 'Too many codes were sent here in the last hour. Try again in 56 minutes.' });
  });

  it('answers the real wait after a send: 60 s while under the cap, the time to the cap lifting at the 5th send', () => {
    expect(nextSendWait(given(), at(0))).toEqual({ limit: null, seconds: 0 });
    expect(nextSendWait(given(sentAt(0)), at(0))).toEqual({ limit: 'resend_delay', seconds: 60 });
    expect(nextSendWait(given(sentAt(0)), at(45))).toEqual({ limit: 'resend_delay', seconds: 15 });
    expect(nextSendWait(given(sentAt(0), sentAt(60), sentAt(120), sentAt(180)), at(180))).toEqual({ limit: 'resend_delay', seconds: 60 });
    expect(nextSendWait(given(sentAt(0), sentAt(60), sentAt(120), sentAt(180), sentAt(240)), at(240))).toEqual({ limit: 'hourly_cap', seconds: 3360 });
    expect(nextSendWait(given(sentAt(0), sentAt(60), sentAt(120), sentAt(180), sentAt(3590)), at(3590))).toEqual({ limit: 'resend_delay', seconds: 60 });
  });
});
