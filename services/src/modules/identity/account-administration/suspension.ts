import type { RegisteredAccount } from '../accounts.ts';
import { refuse } from '../decider.ts';

export const SUSPENDED_MESSAGE = 'This account is suspended. Contact ACPG support to have it reactivated.';

/**
 * A suspended account cannot sign in (told why once its password proved who is asking) nor refresh a session: 401
 * ACCOUNT_SUSPENDED, as every refused sign-in is a 401.
 */
export const refuseIfSuspended = (account: RegisteredAccount): void => {
  if (account.suspended) throw refuse('unauthenticated', 'ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
};
