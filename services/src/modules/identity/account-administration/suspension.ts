import type { RegisteredAccount } from '../accounts.ts';
import { refuse } from '../decider.ts';

export const SUSPENDED_MESSAGE = 'This account is suspended. Contact ACPG support to have it reactivated.';

/**
 * A suspended account cannot sign in (403, told why once its password proved who is asking) nor refresh a session
 * (401: the session is over).
 */
export const refuseIfSuspended = (account: RegisteredAccount, at: 'sign-in' | 'refresh'): void => {
  if (account.suspended) throw refuse(at === 'sign-in' ? 'forbidden' : 'unauthenticated', 'ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
};
