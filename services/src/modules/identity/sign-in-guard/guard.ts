import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import type { RegisteredAccount } from '../accounts.ts';
import { accountAttemptNotice } from '../attempt-notice/template.ts';
import type { IdentityContext } from '../context.ts';
import { isPaused, signInGuardDecider, signInGuardStream } from './decider.ts';

/** True while password sign-in to the account is paused by its failure budget (see SIGN_IN_FAILURE_RULES). */
export const signInPaused = async (ctx: IdentityContext, accountId: string, meta: CommandMeta): Promise<boolean> => {
  const { state } = await loadStream(ctx.platform.eventStore, signInGuardStream(accountId), signInGuardDecider);
  return isPaused(state, meta.now.toISOString());
};

/** Counts a wrong password; the failure that starts a pause emails the holder (once: the job id is the event's). */
export const recordPasswordFailure = async (ctx: IdentityContext, account: RegisteredAccount, meta: CommandMeta): Promise<void> => {
  const { events } = await handleCommand(
    ctx.platform.eventStore,
    signInGuardStream(account.id),
    signInGuardDecider,
    { type: 'RecordPasswordFailure', data: { account_id: account.id }, metadata: meta },
    { retries: 3 },
  );
  const paused = events.find((e) => e.type === 'SignInPasswordPaused');
  if (!paused) return;
  ctx.platform.log.warn({ accountId: account.id }, 'password sign-in paused after repeated wrong passwords');
  const attempt = 'Someone entered the wrong password for your account many times, so we paused signing in with a password for 15 minutes.';
  await notificationJob.enqueue(ctx.platform, accountAttemptNotice(account.email, account.fullName, attempt, meta.now), { id: `identity-signinpaused-${paused.id}` });
};
