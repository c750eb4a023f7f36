import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { maskEmail } from '@acpg/contracts/masking';
import type { SignUpOtpResult } from '@acpg/contracts/sign-up';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { CODE_TRY_RETRIES } from '../code-claim.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { loadAccount, type RegisteredAccount } from '../accounts.ts';
import type { IdentityContext } from '../context.ts';
import { refuse } from '../decider.ts';
import { newOtpCode, recordOtpSend } from '../otp-destination/record-send.ts';
import { signUpCodeMessage } from './code-message.ts';
import { signUpDecider, signUpStream, type OpenSignUp } from './decider.ts';
import { signUpField } from './events.ts';
import { registerSignUpAccount } from './register.ts';
import { codeNotificationJob } from '../../../platform/jobs/notifications.ts';

/** Codes are kept as HMACs bound to the sign-up and the step, so a phone code cannot pass as the email code. */
const codeDigest = (ctx: IdentityContext, signUpId: string, channel: OtpChannel, code: string) => ctx.cipher.hmac('otp-code', `signup:${signUpId}:${channel}:${code}`);

const destinationOf = (ctx: IdentityContext, open: OpenSignUp, channel: OtpChannel) =>
  channel === 'email'
    ? { to: open.email, masked: maskEmail(open.email) }
    : { to: ctx.cipher.decrypt(open.phoneEncrypted, signUpField(open.signUpId, 'phone')), masked: open.phoneMasked };

/** Steps 2 and 3: a code to the phone, then to the email; delivered by a job on the codes queue (NOTIFICATION_CODES_QUEUE). */
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
  await codeNotificationJob.enqueue(ctx.platform, signUpCodeMessage(channel, destination.to, code), { id: `identity-signup-otp-${sent.id}` });
  return { channel, masked_destination: destination.masked, resend_after_seconds: resendAfterSeconds, expires_in_seconds: OTP_RULES.validSeconds };
};

export type SignUpVerification = { channel: 'phone' } | { channel: 'email'; account: RegisteredAccount };

const wrongCode = (triesLeft: number) =>
  triesLeft === 0
    ? refuse('invalid', 'SIGN_UP_LOCKED', 'The code is incorrect and no tries are left. Start the sign-up again.')
    : refuse('invalid', 'OTP_INCORRECT', `The code is incorrect. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`);

/** Answered (409 CONFLICT) to a code that lost a race on the sign-up's stream with another try: it was not counted. */
const CODE_RACE = 'Another try of this code came at the same moment. Try again.';

/**
 * Checks a code, recorded at the loaded version of the sign-up (of parallel tries only as many as are left count; the
 * others answer 409 unanswered). A right email code is used up first (SignUpEmailCodeAccepted), then the email and the
 * phone are reserved and the account registered, then the step recorded: so two requests with it register once, and
 * a refusal on the way (taken meanwhile) gives the code back and leaves nothing half-made. A request that died on the
 * way leaves the claim; after OTP_RULES.claimSeconds the same code finishes (registering is idempotent).
 */
export const verifySignUpCode = async (
  ctx: IdentityContext,
  signUpId: string,
  body: { channel: OtpChannel; code: string },
  meta: CommandMeta,
): Promise<SignUpVerification> => {
  const store = ctx.platform.eventStore;
  const stream = signUpStream(signUpId);
  const claimId = meta.newId();
  const command = { type: 'VerifySignUpCode' as const, data: { channel: body.channel, code_hash: codeDigest(ctx, signUpId, body.channel, body.code), claim_id: claimId }, metadata: meta };
  const { events, state } = await handleCommand(store, stream, signUpDecider, command, { retries: CODE_TRY_RETRIES, conflictMessage: CODE_RACE });
  const rejected = events.find((e) => e.type === 'SignUpCodeRejected');
  if (rejected?.type === 'SignUpCodeRejected') throw wrongCode(rejected.data.tries_left);
  if (events.some((e) => e.type === 'SignUpPhoneVerified')) return { channel: 'phone' };
  if (state.status !== 'pending' || state.emailClaim?.id !== claimId) throw new Error('VerifySignUpCode decided neither a rejection nor a verification');
  try {
    await registerSignUpAccount(ctx, state, meta);
    await handleCommand(store, stream, signUpDecider, { type: 'FinishEmailStep', data: { claim_id: claimId }, metadata: meta }, { retries: 1 });
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'SIGN_UP_USED')) {
      await handleCommand(store, stream, signUpDecider, { type: 'ReleaseEmailCode', data: { claim_id: claimId }, metadata: meta }, { retries: 2 }).catch(
        (releaseError: unknown) => ctx.platform.log.error({ err: releaseError }, 'sign-up: the email code could not be given back'),
      );
    }
    throw error;
  }
  const account = await loadAccount(store, signUpId);
  if (!account) throw new Error(`the account of sign-up ${signUpId} was not registered`);
  return { channel: 'email', account };
};
