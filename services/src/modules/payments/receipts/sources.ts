import type { Platform } from '../../../platform/module.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';

/** The payer's name and email on a receipt. */
export interface Payer {
  full_name: string;
  email: string;
}

/** The account's current name and email, from payments' copy of identity's account events, or null. */
export const payerOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string): Promise<Payer | null> => {
  const contact = await accountContactOf(platform, 'payments', accountId);
  return contact?.full_name && contact.email ? contact : null;
};

export { planAsOf } from '../copies/copies.ts';
