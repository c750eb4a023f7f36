import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { refuse, secondsBetween, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * Codes sent to one destination (an email address or a phone), across every challenge: the resend delay (60 s) and
 * the hourly cap (5) hold even when a client starts a new sign-in for each code.
 * The stream id carries a keyed digest of the destination, never the destination itself.
 */
export const otpDestinationStream = (destinationDigest: string) => `identity-otpdest-${destinationDigest}`;

export type OtpDestinationEvent = DomainEvent<'OtpSendRecorded', { channel: OtpChannel; challenge_id: string; sent_at: string }>;
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

export const decide = (command: OtpDestinationCommand, state: OtpDestinationState): OtpDestinationEvent[] => {
  switch (command.type) {
    case 'RecordOtpSend': {
      const now = command.metadata.now.toISOString();
      const last = state.recentSends.at(-1);
      if (last !== undefined) {
        const since = secondsBetween(last, now);
        if (since < OTP_RULES.resendAfterSeconds) {
          const wait = Math.ceil(OTP_RULES.resendAfterSeconds - since);
          throw refuse(429, 'OTP_RESEND_TOO_SOON', `Wait ${wait} second${wait === 1 ? '' : 's'} before asking for a new code.`);
        }
      }
      const inLastHour = state.recentSends.filter((at) => secondsBetween(at, now) < HOUR);
      const oldest = inLastHour[0];
      if (inLastHour.length >= OTP_RULES.maxSendsPerHour && oldest !== undefined) {
        const minutes = Math.max(1, Math.ceil((HOUR - secondsBetween(oldest, now)) / 60));
        throw refuse(429, 'OTP_HOURLY_LIMIT', `Too many codes were sent here in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      return [{ type: 'OtpSendRecorded', data: { channel: command.data.channel, challenge_id: command.data.challenge_id, sent_at: now } }];
    }
    default:
      return unknownCommand(command.type);
  }
};

export const otpDestinationDecider: Decider<OtpDestinationCommand, OtpDestinationEvent, OtpDestinationState> = { initialState, evolve, decide };
