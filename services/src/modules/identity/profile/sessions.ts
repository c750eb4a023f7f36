import { loadStream } from '../../../platform/commands/handle-command.ts';
import { loadAccount } from '../accounts.ts';
import { sessionEndedByAccount } from '../account/profile-changes.ts';
import type { IdentityContext } from '../context.ts';
import { sessionDecider, sessionStream } from '../session/decider.ts';

/**
 * Whether a password reset or change after this session started ended it. Read from the account stream, so every
 * session of the account ends at once, without a list of sessions to walk (one that starts during a reset included).
 */
export const endedByPasswordChange = async (ctx: IdentityContext, sessionId: string): Promise<boolean> => {
  const store = ctx.platform.eventStore;
  const { state } = await loadStream(store, sessionStream(sessionId), sessionDecider);
  if (state.status === 'none') return false;
  const account = await loadAccount(store, state.accountId);
  return account !== null && sessionEndedByAccount(account, state.sessionId, state.startedAt);
};

/** The caller's session (from its refresh cookie), when it is active and not ended by a password change: the one to keep. */
export const liveSessionId = async (ctx: IdentityContext, accountId: string, sessionId: string | null): Promise<string | null> => {
  if (!sessionId) return null;
  const { state } = await loadStream(ctx.platform.eventStore, sessionStream(sessionId), sessionDecider);
  if (state.status !== 'active' || state.accountId !== accountId) return null;
  return (await endedByPasswordChange(ctx, sessionId)) ? null : sessionId;
};
