import type { OtpChannel } from '@acpg/contracts/identity';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { IdentityContext } from '../context.ts';
import { nextSendWait, otpDestinationDecider, otpDestinationStream } from '../otp-destination/decider.ts';

export { newOtpCode as newCode } from '../otp-destination/record-send.ts';

/**
 * What a code is for. The resend delay and the hourly cap hold per destination and purpose (sign-in and sign-up share
 * `recordOtpSend`'s digest, without a purpose): someone who resets their password and signs in right away must not be
 * told to wait 60 s for the sign-in code because the reset code just went to the same address.
 */
export type CodePurpose = 'password-reset' | 'contact-change';

export const destinationDigest = (ctx: IdentityContext, purpose: CodePurpose, channel: OtpChannel, destination: string) =>
  ctx.cipher.hmac('otp-destination', `${purpose}:${channel}:${destination.toLowerCase()}`);

/**
 * Counts a send to `destination` against the resend delay and the hourly cap (429 OTP_RESEND_TOO_SOON or
 * OTP_HOURLY_LIMIT when one binds); answers the wait before the next send.
 */
export const recordSend = async (
  ctx: IdentityContext,
  send: { purpose: CodePurpose; channel: OtpChannel; destination: string; challengeId: string },
  meta: CommandMeta,
): Promise<number> => {
  const { purpose, channel, destination, challengeId } = send;
  const { state } = await handleCommand(
    ctx.platform.eventStore,
    otpDestinationStream(destinationDigest(ctx, purpose, channel, destination)),
    otpDestinationDecider,
    { type: 'RecordOtpSend', data: { channel, challenge_id: challengeId }, metadata: meta },
    { retries: 2 },
  );
  return nextSendWait(state, meta.now.toISOString()).seconds;
};
