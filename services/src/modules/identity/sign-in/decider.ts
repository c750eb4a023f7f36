import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { addSeconds, reached, refuse, unknownCommand, sameDigest } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * A sign-in challenge: issued after a correct password, completed by a one-time code.
 * Rules (DECISIONS.md): only the latest code counts; a code is valid 10 minutes and used once; 5 wrong tries lock the
 * challenge, and a new code does not reset the count (so the 5 tries are per challenge, whatever the number of codes).
 * The resend delay and the hourly cap are per destination (otp-destination/decider.ts).
 */
export const signInStream = (challengeId: string) => `identity-signin-${challengeId}`;

/** Time to finish a sign-in once the password was accepted. */
export const CHALLENGE_TTL_SECONDS = 30 * 60;

export type SignInEvent =
  | DomainEvent<
      'SignInChallengeIssued',
      { challenge_id: string; account_id: string; channels: OtpChannel[]; issued_at: string; expires_at: string }
    >
  | DomainEvent<'SignInCodeSent', { challenge_id: string; channel: OtpChannel; code_hash: string; sent_at: string; expires_at: string }>
  | DomainEvent<'SignInCodeRejected', { challenge_id: string; failures: number; tries_left: number; at: string }>
  | DomainEvent<'SignInChallengeLocked', { challenge_id: string; at: string }>
  | DomainEvent<'SignInCompleted', { challenge_id: string; account_id: string; channel: OtpChannel; session_id: string; at: string }>;

export type SignInCommand =
  | Command<'IssueChallenge', { challenge_id: string; account_id: string; channels: OtpChannel[] }>
  | Command<'SendCode', { channel: OtpChannel; code_hash: string }>
  /** `code_hash` is the HMAC of the code the user typed, computed the same way as the stored one. */
  | Command<'VerifyCode', { code_hash: string; session_id: string }>;

interface SentCode {
  channel: OtpChannel;
  hash: string;
  expiresAt: string;
}

interface Challenge {
  status: 'open' | 'locked' | 'completed';
  challengeId: string;
  accountId: string;
  channels: OtpChannel[];
  expiresAt: string;
  failures: number;
  code: SentCode | null;
}

export type SignInState = { status: 'none' } | Challenge;

export const initialState = (): SignInState => ({ status: 'none' });

export const evolve = (state: SignInState, event: SignInEvent): SignInState => {
  if (event.type === 'SignInChallengeIssued') {
    const d = event.data;
    return { status: 'open', challengeId: d.challenge_id, accountId: d.account_id, channels: d.channels, expiresAt: d.expires_at, failures: 0, code: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SignInCodeSent':
      return { ...state, code: { channel: event.data.channel, hash: event.data.code_hash, expiresAt: event.data.expires_at } };
    case 'SignInCodeRejected':
      return { ...state, failures: event.data.failures };
    case 'SignInChallengeLocked':
      return { ...state, status: 'locked' };
    case 'SignInCompleted':
      return { ...state, status: 'completed', code: null };
    default:
      return state;
  }
};


/** The refusals every step shares: unknown, finished, locked or expired challenge. */
const assertOpen = (state: SignInState, now: string): Challenge => {
  if (state.status === 'none') throw refuse('not_found', 'SIGN_IN_NOT_FOUND', 'This sign-in was not found. Sign in again.');
  if (state.status === 'completed') throw refuse('gone', 'SIGN_IN_USED', 'This sign-in is already complete. Sign in again.');
  if (state.status === 'locked') throw refuse('gone', 'SIGN_IN_LOCKED', 'Too many wrong codes. Sign in again with your password.');
  if (reached(now, state.expiresAt)) throw refuse('gone', 'SIGN_IN_EXPIRED', 'This sign-in has expired. Sign in again.');
  return state;
};

export const decide = (command: SignInCommand, state: SignInState): SignInEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'IssueChallenge': {
      const d = command.data;
      if (state.status !== 'none') throw refuse('conflict', 'INVALID_COMMAND', 'This sign-in already exists.');
      return [
        {
          type: 'SignInChallengeIssued',
          data: { challenge_id: d.challenge_id, account_id: d.account_id, channels: d.channels, issued_at: now, expires_at: addSeconds(now, CHALLENGE_TTL_SECONDS) },
        },
      ];
    }
    case 'SendCode': {
      const d = command.data;
      const open = assertOpen(state, now);
      if (!open.channels.includes(d.channel)) throw refuse('invalid', 'CHANNEL_UNAVAILABLE', `This account has no ${d.channel} to send a code to.`);
      return [
        {
          type: 'SignInCodeSent',
          data: { challenge_id: open.challengeId, channel: d.channel, code_hash: d.code_hash, sent_at: now, expires_at: addSeconds(now, OTP_RULES.validSeconds) },
        },
      ];
    }
    case 'VerifyCode': {
      const d = command.data;
      const open = assertOpen(state, now);
      if (!open.code) throw refuse('invalid', 'OTP_NOT_SENT', 'Ask for a code first.');
      if (reached(now, open.code.expiresAt)) throw refuse('gone', 'OTP_EXPIRED', 'This code has expired. Ask for a new one.');
      if (sameDigest(d.code_hash, open.code.hash)) {
        return [
          { type: 'SignInCompleted', data: { challenge_id: open.challengeId, account_id: open.accountId, channel: open.code.channel, session_id: d.session_id, at: now } },
        ];
      }
      const failures = open.failures + 1;
      const triesLeft = Math.max(0, OTP_RULES.maxWrongTries - failures);
      const rejected: SignInEvent = { type: 'SignInCodeRejected', data: { challenge_id: open.challengeId, failures, tries_left: triesLeft, at: now } };
      return triesLeft === 0 ? [rejected, { type: 'SignInChallengeLocked', data: { challenge_id: open.challengeId, at: now } }] : [rejected];
    }
    default:
      return unknownCommand(command);
  }
};

export const signInDecider: Decider<SignInCommand, SignInEvent, SignInState> = { initialState, evolve, decide };
