import { randomBytes } from 'node:crypto';
import { RESET_RULES, type ForgotPasswordResult, type ResetPasswordBody } from '@acpg/contracts/account';
import { findAccountIdByEmail, loadAccount } from '../accounts.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { CODE_TRY_RETRIES } from '../code-claim.ts';
import { passwordProblem } from '../../../platform/auth/passwords.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { IdentityContext } from '../context.ts';
import { normaliseEmail } from '../email/decider.ts';
import { newCode, recordSend } from '../profile/codes.ts';
import { refuseAccount } from '../profile/refuse.ts';
import { openReset, passwordResetDecider, passwordResetStream, type ResetMethod } from './decider.ts';
import { passwordResetMessage } from './template.ts';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { codeNotificationJob } from '../../../platform/jobs/notifications.ts';

/** The reset's key: a keyed digest of the email (64 hex), in the stream id and the link, never the email itself. */
const emailKey = (ctx: IdentityContext, email: string) => ctx.cipher.hmac('password-reset', normaliseEmail(email));
const proofDigest = (ctx: IdentityContext, key: string, method: ResetMethod, secret: string) => ctx.cipher.hmac(`password-reset-${method}`, `${key}:${secret}`);


/**
 * `POST /auth/forgot-password`: a code and a link to the account's email. An email no account uses gets the same
 * answer, the same throttles and a reset stream of its own, but no email.
 */
export const requestPasswordReset = async (ctx: IdentityContext, body: { email: string }, meta: CommandMeta): Promise<ForgotPasswordResult> => {
  const store = ctx.platform.eventStore;
  const email = normaliseEmail(body.email);
  const key = emailKey(ctx, email);
  const stream = passwordResetStream(key);
  const accountId = await findAccountIdByEmail(store, email);
  const account = accountId ? await loadAccount(store, accountId) : null;

  const { state } = await loadStream(store, stream, passwordResetDecider);
  const open = openReset(state, meta.now.toISOString());
  const resetId = open && open.accountId === (account?.id ?? null) ? open.resetId : meta.newId();
  const wait = await recordSend(ctx, { purpose: 'password-reset', channel: 'email', destination: email, challengeId: resetId, account: `password-reset:${key}` }, meta);

  const code = newCode();
  const secret = randomBytes(32).toString('base64url');
  const { events } = await handleCommand(
    store,
    stream,
    passwordResetDecider,
    {
      type: 'RequestReset',
      data: { reset_id: resetId, account_id: account?.id ?? null, code_hash: proofDigest(ctx, key, 'code', code), link_hash: proofDigest(ctx, key, 'link', secret) },
      metadata: meta,
    },
    { retries: 2 },
  );
  const sent = events.find((e) => e.type === 'PasswordResetCodeSent');
  if (account && sent) {
    const link = `${publicUrl(ctx.platform.config)}/authentication/reset-password?token=${key}.${secret}`;
    const message = passwordResetMessage(account.email, {
      code,
      code_minutes: RESET_RULES.codeValidSeconds / 60,
      link,
      link_minutes: RESET_RULES.linkValidSeconds / 60,
    });
    // The code and link live in the job only (its data is erased once sent); the id makes a repeated enqueue harmless.
    await codeNotificationJob.enqueue(ctx.platform, message, { id: `identity-pwreset-${sent.id}` });
  }
  return { resend_after_seconds: wait, code_expires_in_seconds: RESET_RULES.codeValidSeconds, link_expires_in_seconds: RESET_RULES.linkValidSeconds };
};

/** The new password against the policy of sign-up (8..128, not common): a 400 naming the field, before any try counts. */
export const assertPasswordAllowed = (password: string, field: string) => {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('invalid', 'PASSWORD_REFUSED', problem, [{ path: field, message: problem }]);
};

/**
 * `POST /auth/reset-password`: the code (with the email) or the link's token, then the new password; every session ends.
 * A right code or link is first used up by this request (PasswordResetAccepted at the loaded version: of parallel
 * requests only one claims it, and wrong codes racing it are counted, at most 5); only then is the password hashed
 * (a wrong one costs no scrypt work) and set, and the reset recorded. A failure on the way (hashing busy: 429) gives
 * the code back; a process that died there leaves the claim, and after OTP_RULES.claimSeconds the same code finishes.
 */
export const resetPassword = async (ctx: IdentityContext, body: ResetPasswordBody, meta: CommandMeta): Promise<void> => {
  assertPasswordAllowed(body.password, 'password');
  const store = ctx.platform.eventStore;
  const { key, method, secret } = 'token' in body ? { ...splitToken(body.token), method: 'link' as const } : { key: emailKey(ctx, body.email), method: 'code' as const, secret: body.code };

  const stream = passwordResetStream(key);
  const claimId = meta.newId();
  const command = { type: 'CompleteReset' as const, data: { method, proof_hash: proofDigest(ctx, key, method, secret), claim_id: claimId }, metadata: meta };
  const { events, state } = await handleCommand(store, stream, passwordResetDecider, command, { retries: CODE_TRY_RETRIES, conflictMessage: CODE_RACE });
  const rejected = events.find((e) => e.type === 'PasswordResetRejected');
  if (rejected?.type === 'PasswordResetRejected') {
    const left = rejected.data.tries_left;
    if (left === 0) throw refuseAccount('invalid', 'RESET_LOCKED', 'Too many wrong tries. Ask for a new code.');
    if (method === 'link') throw refuseAccount('invalid', 'RESET_NOT_FOUND', 'This reset link is not valid. Ask for a new one.');
    throw refuseAccount('invalid', 'OTP_INCORRECT', `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  if (state.status !== 'accepted' || state.claim?.id !== claimId || state.accountId === null) throw new Error('CompleteReset decided neither a rejection nor a claim');
  const accountId = state.accountId;
  try {
    const passwordHash = await ctx.passwords.hash(body.password);
    await handleCommand(
      store,
      accountStream(accountId),
      accountDecider,
      { type: 'SetPassword', data: { password_hash: passwordHash, reason: 'password-reset', kept_session_id: null }, metadata: meta },
      { retries: 2 },
    );
    await handleCommand(store, stream, passwordResetDecider, { type: 'FinishReset', data: { claim_id: claimId }, metadata: meta }, { retries: 1 });
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'RESET_USED')) {
      await handleCommand(store, stream, passwordResetDecider, { type: 'ReleaseReset', data: { claim_id: claimId }, metadata: meta }, { retries: 2 }).catch(
        (releaseError: unknown) => ctx.platform.log.error({ err: releaseError }, 'password reset: the code could not be given back'),
      );
    }
    throw error;
  }
};

/** Answered (409 CONFLICT) to a code that lost a race on the reset's stream with another try: it was not counted. */
const CODE_RACE = 'Another try of this code came at the same moment. Try again.';

/** `<key>.<secret>` (RESET_TOKEN_PATTERN, checked by the body's schema). */
const splitToken = (token: string) => {
  const dot = token.indexOf('.');
  return { key: token.slice(0, dot), secret: token.slice(dot + 1) };
};
