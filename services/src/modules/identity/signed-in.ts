import type { SignInResult } from '@acpg/contracts/identity';
import { sessionUser, type RegisteredAccount } from './accounts.ts';
import type { IdentityContext } from './context.ts';

/** The answer of a finished sign-in (and of a sign-up's email code): access token, roles, user. */
export const signedIn = async (ctx: IdentityContext, account: RegisteredAccount): Promise<SignInResult> => ({
  AccessToken: await ctx.platform.tokens.issueAccessToken({ userId: account.id, roles: account.roles }),
  role: account.roles,
  user: sessionUser(account),
});
