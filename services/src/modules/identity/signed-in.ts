import type { SignInResult } from '@acpg/contracts/identity';
import { sessionUser, type RegisteredAccount } from './accounts.ts';
import type { IdentityContext } from './context.ts';

/**
 * The answer of a finished sign-in, a refresh (and of a sign-up's email code): access token, roles, user. The token
 * names its session and carries the account's session version: a later sign-out, reset or contact change refuses it.
 */
export const signedIn = async (ctx: IdentityContext, account: RegisteredAccount, sessionId: string): Promise<SignInResult> => ({
  AccessToken: await ctx.platform.tokens.issueAccessToken({ userId: account.id, roles: account.roles, sessionId, sessionVersion: account.sessionVersion ?? 0, ...(account.providerId ? { providerId: account.providerId } : {}) }),
  role: account.roles,
  user: sessionUser(account),
});
