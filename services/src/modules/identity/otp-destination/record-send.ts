import { randomInt } from 'node:crypto';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { IdentityContext } from '../context.ts';
import { nextSendWait, otpDestinationDecider, otpDestinationStream } from './decider.ts';

/**
 * What a code is for, besides signing in and signing up (which share one count per destination). The resend delay and
 * the hourly cap hold per destination and purpose: someone who resets their password and signs in right away must not
 * be told to wait 60 s for the sign-in code because the reset code just went to the same address.
 */
export type CodePurpose = 'password-reset' | 'contact-change';

/** A keyed digest of the destination (and purpose): the stream id never shows the address or the number. */
export const destinationDigest = (ctx: IdentityContext, channel: OtpChannel, destination: string, purpose?: CodePurpose) =>
  ctx.cipher.hmac('otp-destination', `${purpose ? `${purpose}:` : ''}${channel}:${destination.toLowerCase()}`);

/** A new 6-digit code from the CSPRNG. */
export const newOtpCode = () => randomInt(0, 10 ** OTP_RULES.digits).toString().padStart(OTP_RULES.digits, '0');

/**
 * Counts a send against its destination (429 with `retry_after_seconds` when the delay or the hourly cap holds it back)
 * and answers the real wait before the next one is allowed, whichever limit binds.
 */
export const recordOtpSend = async (
  ctx: IdentityContext,
  send: { channel: OtpChannel; destination: string; challengeId: string; purpose?: CodePurpose },
  meta: CommandMeta,
): Promise<{ resendAfterSeconds: number }> => {
  // Two sends racing for one destination: the loser re-reads and gets the wait in words.
  const { state } = await handleCommand(
    ctx.platform.eventStore,
    otpDestinationStream(destinationDigest(ctx, send.channel, send.destination, send.purpose)),
    otpDestinationDecider,
    { type: 'RecordOtpSend', data: { channel: send.channel, challenge_id: send.challengeId }, metadata: meta },
    { retries: 2 },
  );
  return { resendAfterSeconds: nextSendWait(state, meta.now.toISOString()).seconds };
};
