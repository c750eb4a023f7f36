import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { RetryLater } from '../../../platform/commands/domain-error.ts';
import { secondsBetween, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * Codes sent to one destination (an email address or a phone), across every challenge and sign-up: the resend delay
 * (60 s) and the hourly cap (5) hold even when a client starts a new sign-in for each code.
 * The stream id carries a keyed digest of the destination, never the destination itself.
 */
export const otpDestinationStream = (destinationDigest: string) => `identity-otpdest-${destinationDigest}`;

export type OtpDestinationEvent = DomainEvent<'OtpSendRecorded', { channel: OtpChannel; challenge_id: string; sent_at: string }>;
/** `challenge_id`: the sign-in challenge or the sign-up the code belongs to. */
export type OtpDestinationCommand = Command<'RecordOtpSend', { channel: OtpChannel; challenge_id: string }>;
/** Times of the latest sends, newest last; only the last `maxSendsPerHour` matter. */
export type OtpDestinationState = { recentSends: string[] };

export const initialState = (): OtpDestinationState => ({ recentSends: [] });

export const evolve = (state: OtpDestinationState, event: OtpDestinationEvent): OtpDestinationState => {
  switch (event.type) {
    case 'OtpSendRecorded':
      return { recentSends: [...state.recentSends, event.data.sent_at].slice(-OTP_RULES.maxSendsPerHour) };
    default:
      return state;
  }
};

const HOUR = 3600;

/** Which limit holds the next send back, and for how many whole seconds (0: a send is allowed now). */
export interface SendWait {
  limit: 'resend_delay' | 'hourly_cap' | null;
  seconds: number;
}

/**
 * The real wait before the next send to this destination: the 60 s delay since the last send or, when 5 codes went
 * out in the last hour, the time until the oldest of them is an hour old, whichever is longer.
 */
export const nextSendWait = (state: OtpDestinationState, now: string): SendWait => {
  const last = state.recentSends.at(-1);
  const delay = last === undefined ? 0 : Math.max(0, Math.ceil(OTP_RULES.resendAfterSeconds - secondsBetween(last, now)));
  const inLastHour = state.recentSends.filter((at) => secondsBetween(at, now) < HOUR);
  const oldest = inLastHour[0];
  const cap = inLastHour.length >= OTP_RULES.maxSendsPerHour && oldest !== undefined ? Math.max(1, Math.ceil(HOUR - secondsBetween(oldest, now))) : 0;
  if (cap === 0 && delay === 0) return { limit: null, seconds: 0 };
  return cap > delay ? { limit: 'hourly_cap', seconds: cap } : { limit: 'resend_delay', seconds: delay };
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The 429 for a send asked for too early: the binding limit in words, and `retry_after_seconds`. */
export const tooEarly = (wait: SendWait): RetryLater =>
  wait.limit === 'hourly_cap'
    ? new RetryLater(
        'OTP_HOURLY_LIMIT',
        `Too many codes were sent here in the last hour. Try again in ${plural(Math.max(1, Math.ceil(wait.seconds / 60)), 'minute')}.`,
        wait.seconds,
      )
    : new RetryLater('OTP_RESEND_TOO_SOON', `Wait ${plural(wait.seconds, 'second')} before asking for a new code.`, wait.seconds);

export const decide = (command: OtpDestinationCommand, state: OtpDestinationState): OtpDestinationEvent[] => {
  switch (command.type) {
    case 'RecordOtpSend': {
      const now = command.metadata.now.toISOString();
      const wait = nextSendWait(state, now);
      if (wait.seconds > 0) throw tooEarly(wait);
      return [{ type: 'OtpSendRecorded', data: { channel: command.data.channel, challenge_id: command.data.challenge_id, sent_at: now } }];
    }
    default:
      return unknownCommand(command.type);
  }
};

export const otpDestinationDecider: Decider<OtpDestinationCommand, OtpDestinationEvent, OtpDestinationState> = { initialState, evolve, decide };
