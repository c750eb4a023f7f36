import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { maskEmail } from '@acpg/contracts/masking';
import type { SignUpOtpResult } from '@acpg/contracts/sign-up';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { loadAccount, type RegisteredAccount } from '../accounts.ts';
import type { IdentityContext } from '../context.ts';
import { refuse } from '../decider.ts';
import { newOtpCode, recordOtpSend } from '../otp-destination/record-send.ts';
import { signUpCodeMessage } from './code-message.ts';
import { signUpDecider, signUpStream, type OpenSignUp } from './decider.ts';
import { signUpField } from './events.ts';
import { registerSignUpAccount } from './register.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';

/** Codes are kept as HMACs bound to the sign-up and the step, so a phone code cannot pass as the email code. */
const codeDigest = (ctx: IdentityContext, signUpId: string, channel: OtpChannel, code: string) => ctx.cipher.hmac('otp-code', `signup:${signUpId}:${channel}:${code}`);

const destinationOf = (ctx: IdentityContext, open: OpenSignUp, channel: OtpChannel) =>
  channel === 'email'
    ? { to: open.email, masked: maskEmail(open.email) }
    : { to: ctx.cipher.decrypt(open.phoneEncrypted, signUpField(open.signUpId, 'phone')), masked: open.phoneMasked };

/** Steps 2 and 3: a code to the phone, then to the email; delivered by a job on the notifications queue. */
export const sendSignUpCode = async (ctx: IdentityContext, signUpId: string, channel: OtpChannel, meta: CommandMeta): Promise<SignUpOtpResult> => {
  const store = ctx.platform.eventStore;
  const stream = signUpStream(signUpId);
  const { state } = await loadStream(store, stream, signUpDecider);
  // Refuse an unknown, finished, expired or out-of-turn sign-up before a send is counted against the destination.
  signUpDecider.decide({ type: 'SendSignUpCode', data: { channel, code_hash: '' }, metadata: meta }, state);
  if (state.status !== 'pending') throw refuse('gone', 'SIGN_UP_EXPIRED', 'This sign-up has expired. Start again.');
  const destination = destinationOf(ctx, state, channel);

  const { resendAfterSeconds } = await recordOtpSend(ctx, { channel, destination: destination.to, challengeId: signUpId, account: `sign-up:${signUpId}` }, meta);
  const code = newOtpCode();
  const { events } = await handleCommand(store, stream, signUpDecider, {
    type: 'SendSignUpCode',
    data: { channel, code_hash: codeDigest(ctx, signUpId, channel, code) },
    metadata: meta,
  });
  const sent = events[0];
  if (!sent) throw new Error('SendSignUpCode decided no event');
  // The code travels in the job only (its data is erased once delivered); the id derives from the event's.
  await notificationJob.enqueue(ctx.platform, signUpCodeMessage(channel, destination.to, code), { id: `identity-signup-otp-${sent.id}` });
  return { channel, masked_destination: destination.masked, resend_after_seconds: resendAfterSeconds, expires_in_seconds: OTP_RULES.validSeconds };
};

export type SignUpVerification = { channel: 'phone' } | { channel: 'email'; account: RegisteredAccount };

const wrongCode = (triesLeft: number) =>
  triesLeft === 0
    ? refuse('invalid', 'SIGN_UP_LOCKED', 'The code is incorrect and no tries are left. Start the sign-up again.')
    : refuse('invalid', 'OTP_INCORRECT', `The code is incorrect. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`);

/**
 * Checks a code. The right email code reserves the email and the phone and registers the account before the sign-up
 * records it, so a refusal there (taken meanwhile) leaves the sign-up as it was and nothing half-made.
 */
export const verifySignUpCode = async (
  ctx: IdentityContext,
  signUpId: string,
  body: { channel: OtpChannel; code: string },
  meta: CommandMeta,
): Promise<SignUpVerification> => {
  const store = ctx.platform.eventStore;
  const stream = signUpStream(signUpId);
  const command = { type: 'VerifySignUpCode' as const, data: { channel: body.channel, code_hash: codeDigest(ctx, signUpId, body.channel, body.code) }, metadata: meta };
  const { state } = await loadStream(store, stream, signUpDecider);
  const outcome = signUpDecider.decide(command, state); // refusals (expired, locked, out of turn) before any write
  if (outcome[0]?.type === 'SignUpEmailVerified' && state.status === 'pending') await registerSignUpAccount(ctx, state, meta);

  // The same code twice at once: the second is told the account exists.
  const { events } = await handleCommand(store, stream, signUpDecider, command, { retries: 1 });
  for (const event of events) {
    switch (event.type) {
      case 'SignUpCodeRejected':
        throw wrongCode(event.data.tries_left);
      case 'SignUpPhoneVerified':
        return { channel: 'phone' };
      case 'SignUpEmailVerified': {
        const account = await loadAccount(store, event.data.account_id);
        if (!account) throw new Error(`the account of sign-up ${signUpId} was not registered`);
        return { channel: 'email', account };
      }
      default:
        break;
    }
  }
  throw new Error('VerifySignUpCode decided neither a rejection nor a verification');
};
