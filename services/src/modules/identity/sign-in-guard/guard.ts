import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import { timeZoneOfAccount, type RegisteredAccount } from '../accounts.ts';
import { accountAttemptNotice } from '../attempt-notice/template.ts';
import type { IdentityContext } from '../context.ts';
import { normaliseEmail } from '../email/decider.ts';
import { isPaused, signInGuardDecider, signInGuardStream } from './decider.ts';

/**
 * The budget's key: a keyed digest of the email typed, not the account id, so an email no account uses is paused after
 * as many wrong passwords as a real one (and answers as fast then): the pause tells nothing about who has an account.
 */
export const signInGuardKey = (ctx: IdentityContext, email: string) => ctx.cipher.hmac('sign-in-guard', normaliseEmail(email));

/** True while password sign-in with this email is paused by its failure budget (see SIGN_IN_FAILURE_RULES). */
export const signInPaused = async (ctx: IdentityContext, key: string, meta: CommandMeta): Promise<boolean> => {
  const { state } = await loadStream(ctx.platform.eventStore, signInGuardStream(key), signInGuardDecider);
  return isPaused(state, meta.now.toISOString());
};

/** Counts a wrong password; the failure that starts a pause emails the holder, if any (once: the job id is the event's). */
export const recordPasswordFailure = async (ctx: IdentityContext, key: string, account: RegisteredAccount | null, meta: CommandMeta): Promise<void> => {
  const { events } = await handleCommand(
    ctx.platform.eventStore,
    signInGuardStream(key),
    signInGuardDecider,
    { type: 'RecordPasswordFailure', data: { key }, metadata: meta },
    { retries: 3 },
  );
  const paused = events.find((e) => e.type === 'SignInPasswordPaused');
  if (!paused || !account) return;
  ctx.platform.log.warn({ accountId: account.id }, 'password sign-in paused after repeated wrong passwords');
  const attempt = 'Someone entered the wrong password for your account many times, so we paused signing in with a password for 15 minutes.';
  await notificationJob.enqueue(ctx.platform, accountAttemptNotice(account.email, account.fullName, attempt, meta.now, timeZoneOfAccount(account)), { id: `identity-signinpaused-${paused.id}` });
};
