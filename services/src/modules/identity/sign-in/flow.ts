import { OTP_RULES, type OtpChannel, type SignInChallenge } from '@acpg/contracts/identity';
import { maskEmail } from '@acpg/contracts/masking';
import { findAccountIdByEmail, loadAccount, phoneContext, type RegisteredAccount } from '../accounts.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { CODE_TRY_RETRIES } from '../code-claim.ts';
import type { IdentityContext } from '../context.ts';
import { refuse } from '../decider.ts';
import { newOtpCode, recordOtpSend } from '../otp-destination/record-send.ts';
import { signInCodeMessage } from './code-message.ts';
import { signInDecider, signInStream } from './decider.ts';
import { recordPasswordFailure, signInGuardKey, signInPaused } from '../sign-in-guard/guard.ts';
import { refuseIfSuspended } from '../account-administration/suspension.ts';
import { codeNotificationJob } from '../../../platform/jobs/notifications.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';

/** Codes are stored as HMAC-SHA256 under a server key, bound to their challenge: a leaked log cannot be brute-forced. */
export const codeDigest = (ctx: IdentityContext, challengeId: string, code: string) => ctx.cipher.hmac('otp-code', `${challengeId}:${code}`);

/**
 * Step 1: email and password. The same answer and a similar time whether the email is unknown or the password wrong.
 * An email whose failure budget is spent (SIGN_IN_FAILURE_RULES; known or not) answers the same refusal without hashing.
 */
export const startSignIn = async (ctx: IdentityContext, body: { email: string; password: string }, meta: CommandMeta): Promise<SignInChallenge> => {
  const store = ctx.platform.eventStore;
  const accountId = await findAccountIdByEmail(store, body.email);
  const account = accountId ? await loadAccount(store, accountId) : null;
  const guard = signInGuardKey(ctx, body.email);
  if (await signInPaused(ctx, guard, meta)) throw refuse('unauthenticated', 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  const passwordOk = account ? await ctx.passwords.verify(body.password, account.passwordHash) : await ctx.passwords.verifyDummy(body.password);
  if (!account || !passwordOk) {
    await recordPasswordFailure(ctx, guard, account, meta);
    throw refuse('unauthenticated', 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  // Only once the password proved who is asking: the holder is told the account is suspended, nobody else.
  refuseIfSuspended(account);

  const challengeId = meta.newId();
  const channels: OtpChannel[] = account.phoneEncrypted ? ['email', 'phone'] : ['email'];
  await handleCommand(
    store,
    signInStream(challengeId),
    signInDecider,
    { type: 'IssueChallenge', data: { challenge_id: challengeId, account_id: account.id, channels }, metadata: meta },
    { newStream: true },
  );
  return { challenge_id: challengeId, channels, masked: { email: maskEmail(account.email), phone: account.phoneMasked } };
};

/** Step 2: send a code by the chosen channel. */
export const sendSignInCode = async (
  ctx: IdentityContext,
  body: { challenge_id: string; channel: OtpChannel },
  meta: CommandMeta,
): Promise<{ channel: OtpChannel; masked_destination: string; resend_after_seconds: number; expires_in_seconds: number }> => {
  const store = ctx.platform.eventStore;
  const stream = signInStream(body.challenge_id);
  const { state } = await loadStream(store, stream, signInDecider);
  // Refuse an unknown, finished or expired challenge before a send is counted against the destination.
  signInDecider.decide({ type: 'SendCode', data: { channel: body.channel, code_hash: '' }, metadata: meta }, state);
  if (state.status !== 'open') throw refuse('gone', 'SIGN_IN_EXPIRED', 'This sign-in has expired. Sign in again.');
  const account = await loadAccount(store, state.accountId);
  if (!account) throw refuse('gone', 'SIGN_IN_EXPIRED', 'This sign-in has expired. Sign in again.');

  let destination: string;
  let masked: string;
  if (body.channel === 'email') {
    destination = account.email;
    masked = maskEmail(account.email);
  } else {
    if (!account.phoneEncrypted || !account.phoneMasked) throw refuse('invalid', 'CHANNEL_UNAVAILABLE', 'This account has no phone to send a code to.');
    destination = ctx.cipher.decrypt(account.phoneEncrypted, phoneContext(account.id));
    masked = account.phoneMasked;
  }

  const { resendAfterSeconds } = await recordOtpSend(ctx, { channel: body.channel, destination, challengeId: body.challenge_id, account: account.id }, meta);

  const code = newOtpCode();
  const { events } = await handleCommand(
    store,
    stream,
    signInDecider,
    { type: 'SendCode', data: { channel: body.channel, code_hash: codeDigest(ctx, body.challenge_id, code) }, metadata: meta },
  );
  const sent = events[0];
  if (!sent) throw new Error('SendCode decided no event');
  // The job id derives from the event id: a repeated enqueue of the same send is ignored by the queue.
  await codeNotificationJob.enqueue(ctx.platform, signInCodeMessage(body.channel, destination, code), { id: `identity-otp-${sent.id}` });

  return { channel: body.channel, masked_destination: masked, resend_after_seconds: resendAfterSeconds, expires_in_seconds: OTP_RULES.validSeconds };
};

/** Step 3: check the code. Answers the account and the id of the session to start. */
export const verifySignInCode = async (
  ctx: IdentityContext,
  body: { challenge_id: string; code: string },
  meta: CommandMeta,
): Promise<{ account: RegisteredAccount; sessionId: string }> => {
  const store = ctx.platform.eventStore;
  const sessionId = meta.newId();
  const { events } = await handleCommand(
    store,
    signInStream(body.challenge_id),
    signInDecider,
    { type: 'VerifyCode', data: { code_hash: codeDigest(ctx, body.challenge_id, body.code), session_id: sessionId }, metadata: meta },
    // Decided and recorded together at the loaded version; the same code sent twice at once: the second is told the
    // sign-in is complete. Parallel wrong codes are each decided again on the newer state (at most 5 counted).
    { retries: CODE_TRY_RETRIES },
  );
  for (const event of events) {
    switch (event.type) {
      case 'SignInCodeRejected': {
        const left = event.data.tries_left;
        if (left === 0) throw refuse('invalid', 'SIGN_IN_LOCKED', 'The code is incorrect and no tries are left. Sign in again with your password.');
        throw refuse('invalid', 'OTP_INCORRECT', `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      case 'SignInCompleted': {
        const account = await loadAccount(store, event.data.account_id);
        if (!account) throw refuse('gone', 'SIGN_IN_EXPIRED', 'This sign-in has expired. Sign in again.');
        refuseIfSuspended(account); // suspended between the password and the code
        return { account, sessionId: event.data.session_id };
      }
      default:
        break;
    }
  }
  throw new Error('VerifyCode decided neither a rejection nor a completion');
};
