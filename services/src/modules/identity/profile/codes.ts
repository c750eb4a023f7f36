import type { OtpChannel } from '@acpg/contracts/identity';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { IdentityContext } from '../context.ts';
import { recordOtpSend, type CodePurpose } from '../otp-destination/record-send.ts';

export { newOtpCode as newCode, type CodePurpose } from '../otp-destination/record-send.ts';

/**
 * Counts a send of a password-reset or contact-change code to `destination` (per destination and purpose: see
 * `recordOtpSend`); 429 OTP_RESEND_TOO_SOON or OTP_HOURLY_LIMIT when a limit binds. Answers the wait before the next.
 */
export const recordSend = async (
  ctx: IdentityContext,
  send: { purpose: CodePurpose; channel: OtpChannel; destination: string; challengeId: string; account: string },
  meta: CommandMeta,
): Promise<number> => (await recordOtpSend(ctx, send, meta)).resendAfterSeconds;
