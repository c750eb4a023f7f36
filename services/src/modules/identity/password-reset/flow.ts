import { randomBytes } from 'node:crypto';
import { RESET_RULES, type ForgotPasswordResult, type ResetPasswordBody } from '@acpg/contracts/account';
import { findAccountIdByEmail, loadAccount } from '../accounts.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { passwordProblem } from '../../../platform/auth/passwords.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { IdentityContext } from '../context.ts';
import { normaliseEmail } from '../email/decider.ts';
import { newCode, recordSend } from '../profile/codes.ts';
import { refuseAccount } from '../profile/refuse.ts';
import { openReset, passwordResetDecider, passwordResetStream, type ResetMethod } from './decider.ts';
import { passwordResetMessage } from './template.ts';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';

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
    await notificationJob.enqueue(ctx.platform, message, { id: `identity-pwreset-${sent.id}` });
  }
  return { resend_after_seconds: wait, code_expires_in_seconds: RESET_RULES.codeValidSeconds, link_expires_in_seconds: RESET_RULES.linkValidSeconds };
};

/** The new password against the policy of sign-up (8..128, not common): a 400 naming the field, before any try counts. */
export const assertPasswordAllowed = (password: string, field: string) => {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('invalid', 'PASSWORD_REFUSED', problem, [{ path: field, message: problem }]);
};

/** `POST /auth/reset-password`: the code (with the email) or the link's token, then the new password; every session ends. */
export const resetPassword = async (ctx: IdentityContext, body: ResetPasswordBody, meta: CommandMeta): Promise<void> => {
  assertPasswordAllowed(body.password, 'password');
  const store = ctx.platform.eventStore;
  const { key, method, secret } = 'token' in body ? { ...splitToken(body.token), method: 'link' as const } : { key: emailKey(ctx, body.email), method: 'code' as const, secret: body.code };

  const stream = passwordResetStream(key);
  const command = { type: 'CompleteReset' as const, data: { method: method, proof_hash: proofDigest(ctx, key, method, secret) }, metadata: meta };
  // Decided once without writing: a right code sets the password before it is used up, so a request cut short by a
  // crash leaves the code valid and sending it again finishes the reset. Refusals are thrown here, before any write.
  const { state } = await loadStream(store, stream, passwordResetDecider);
  const accepted = passwordResetDecider.decide(command, state).find((e) => e.type === 'PasswordResetCompleted');
  if (accepted?.type === 'PasswordResetCompleted') {
    // Hashed only behind a right code or link: a wrong one costs no scrypt work. The code is used up after the password
    // is set, so a hash refused as busy (429) leaves it valid for another try.
    const passwordHash = await ctx.passwords.hash(body.password);
    await handleCommand(
      store,
      accountStream(accepted.data.account_id),
      accountDecider,
      { type: 'SetPassword', data: { password_hash: passwordHash, reason: 'password-reset', kept_session_id: null }, metadata: meta },
      { retries: 2 },
    );
    ctx.platform.realtime.sessionsChanged?.(accepted.data.account_id); // every open socket of the account ends now
  }
  const { events } = await handleCommand(store, stream, passwordResetDecider, command, { retries: 1 }); // the same code twice at once: the second is told it was used
  for (const event of events) {
    if (event.type === 'PasswordResetRejected') {
      const left = event.data.tries_left;
      if (left === 0) throw refuseAccount('invalid', 'RESET_LOCKED', 'Too many wrong tries. Ask for a new code.');
      if (method === 'link') throw refuseAccount('invalid', 'RESET_NOT_FOUND', 'This reset link is not valid. Ask for a new one.');
      throw refuseAccount('invalid', 'OTP_INCORRECT', `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    }
    if (event.type === 'PasswordResetCompleted') return;
  }
  throw new Error('CompleteReset decided neither a rejection nor a completion');
};

/** `<key>.<secret>` (RESET_TOKEN_PATTERN, checked by the body's schema). */
const splitToken = (token: string) => {
  const dot = token.indexOf('.');
  return { key: token.slice(0, dot), secret: token.slice(dot + 1) };
};
