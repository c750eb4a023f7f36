import { randomInt } from 'node:crypto';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { IdentityContext } from '../context.ts';
import { secondsBetween } from '../decider.ts';
import { otpDestinationDecider, otpDestinationStream, type OtpDestinationState } from '../otp-destination/decider.ts';

/** A 6-digit code from a CSPRNG (DECISIONS.md). */
export const newCode = () => randomInt(0, 10 ** OTP_RULES.digits).toString().padStart(OTP_RULES.digits, '0');

/**
 * What a code is for. The resend delay and the hourly cap hold per destination and purpose: a sign-in code just sent
 * does not make a password reset wait (sign-in keeps its own digest, without a purpose).
 */
export type CodePurpose = 'password-reset' | 'contact-change';

export const destinationDigest = (ctx: IdentityContext, purpose: CodePurpose, channel: OtpChannel, destination: string) =>
  ctx.cipher.hmac('otp-destination', `${purpose}:${channel}:${destination.toLowerCase()}`);

const HOUR = 3600;

/** The real wait before the next send to this destination: the resend delay or the hourly cap, whichever binds. */
export const nextSendWaitSeconds = (state: OtpDestinationState, now: string): number => {
  const last = state.recentSends.at(-1);
  const afterDelay = last === undefined ? 0 : OTP_RULES.resendAfterSeconds - secondsBetween(last, now);
  const inLastHour = state.recentSends.filter((at) => secondsBetween(at, now) < HOUR);
  const oldest = inLastHour[0];
  const afterCap = inLastHour.length >= OTP_RULES.maxSendsPerHour && oldest !== undefined ? HOUR - secondsBetween(oldest, now) : 0;
  return Math.max(0, Math.ceil(Math.max(afterDelay, afterCap)));
};

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
  return nextSendWaitSeconds(state, meta.now.toISOString());
};
