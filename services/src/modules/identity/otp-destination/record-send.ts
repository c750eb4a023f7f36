import { randomInt } from 'node:crypto';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { IdentityContext } from '../context.ts';
import { nextSendWait, otpDestinationDecider, otpDestinationStream } from './decider.ts';

/** A keyed digest of the destination: the stream id never shows the address or the number. */
export const destinationDigest = (ctx: IdentityContext, channel: OtpChannel, destination: string) =>
  ctx.cipher.hmac('otp-destination', `${channel}:${destination.toLowerCase()}`);

/** A new 6-digit code from the CSPRNG. */
export const newOtpCode = () => randomInt(0, 10 ** OTP_RULES.digits).toString().padStart(OTP_RULES.digits, '0');

/**
 * Counts a send against its destination (429 with `retry_after_seconds` when the delay or the hourly cap holds it back)
 * and answers the real wait before the next one is allowed, whichever limit binds.
 */
export const recordOtpSend = async (
  ctx: IdentityContext,
  send: { channel: OtpChannel; destination: string; challengeId: string },
  meta: CommandMeta,
): Promise<{ resendAfterSeconds: number }> => {
  // Two sends racing for one destination: the loser re-reads and gets the wait in words.
  const { state } = await handleCommand(
    ctx.platform.eventStore,
    otpDestinationStream(destinationDigest(ctx, send.channel, send.destination)),
    otpDestinationDecider,
    { type: 'RecordOtpSend', data: { channel: send.channel, challenge_id: send.challengeId }, metadata: meta },
    { retries: 2 },
  );
  return { resendAfterSeconds: nextSendWait(state, meta.now.toISOString()).seconds };
};
