import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { CHARGES_COLLECTION } from '../charges/projection.ts';
import { membershipEnded, planById } from '../copies/copies.ts';

/**
 * One membership per member (DECISIONS.md): every plan checkout of an account claims the same key, so a second plan is
 * refused while the first is paying or its membership runs, however many tabs pay at once. Changing plans is the
 * switch the Subscriptions page offers, never a second charge.
 */
export const membershipClaimKey = (accountId: string) => `membership-${accountId}`;

export const membershipPaymentUnderWay = () =>
  new DomainError('conflict', 'MEMBERSHIP_PAYMENT_UNDER_WAY', 'A payment for a membership is under way. Wait for its result before paying again.');

const alreadyMember = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, planId: string) => {
  const name = (await planById(platform, planId))?.name;
  return new DomainError(
    'conflict',
    'ALREADY_A_MEMBER',
    `You already have ${name ? `a ${name}` : 'a'} membership, so nothing was charged. To change plans, switch on the Subscriptions page.`,
  );
};

/**
 * A paid plan checkout stands for a membership of the member until that membership ends (a refund does not end it:
 * the member cancels it, or it stays unpaid).
 */
export const refusalAfterPaid = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, paid: { checkout_id: string; plan_id: string }): Promise<DomainError | null> => {
  // The membership a plan checkout bought has the checkout's id; payments keeps a copy of whether it has ended.
  if (await membershipEnded(platform, paid.checkout_id)) return null;
  return alreadyMember(platform, paid.plan_id);
};

const isPlanCharge = (row: Doc) => !row.nhd_order_id && !row.equity_enrolment_id && !row.renewal;

/**
 * Before an account's first plan claim: a membership bought before the claim existed shows as a succeeded plan charge in
 * payments' own read model (`payments_charges`).
 */
export const refusalBeforeFirstClaim = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string): Promise<DomainError | null> => {
  const charges = await platform.documents.find(CHARGES_COLLECTION, { account_id: accountId, status: { $in: ['succeeded', 'refunded'] } });
  for (const row of charges.filter(isPlanCharge)) {
    const refusal = await refusalAfterPaid(platform, { checkout_id: String(row.checkout_id), plan_id: String(row.plan_id) });
    if (refusal) return refusal;
  }
  return null;
};
