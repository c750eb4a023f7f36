import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { RegisteredAccount } from '../accounts.ts';
import type { IdentityContext } from '../context.ts';
import { recordPasswordFailure, signInGuardKey, signInPaused } from '../sign-in-guard/guard.ts';
import { refuseAccount } from './refuse.ts';

/**
 * Step-up before a takeover-grade change (email, phone, password): the caller proves it is the holder with the current
 * password, not only with an access token (which may be stolen). A wrong password counts toward the account's sign-in
 * failure budget (SIGN_IN_FAILURE_RULES), so step-up cannot be used to guess it; while that budget has paused password
 * sign-in, no password is checked here either.
 */
export const assertStepUp = async (ctx: IdentityContext, account: RegisteredAccount, password: string | undefined, meta: CommandMeta): Promise<void> => {
  if (!password) throw refuseAccount('invalid', 'STEP_UP_REQUIRED', 'Enter your current password to make this change.', 'current_password');
  const key = signInGuardKey(ctx, account.email);
  if (await signInPaused(ctx, key, meta)) {
    throw refuseAccount('invalid', 'PASSWORD_INCORRECT', 'Too many wrong passwords: password checks for this account are paused for 15 minutes.', 'current_password');
  }
  if (!(await ctx.passwords.verify(password, account.passwordHash, 'signed-in'))) {
    await recordPasswordFailure(ctx, key, account, meta);
    throw refuseAccount('invalid', 'PASSWORD_INCORRECT', 'The current password is incorrect.', 'current_password');
  }
};
