import { amountDue, planFromDefined } from '@acpg/contracts/plans';
import { mayPay } from '@acpg/contracts/payables';
import { EQUITY_PROTECT_PROMO_TARGET, NHD_REPORTS_PROMO_TARGET } from '@acpg/contracts/promo-codes';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { eventEnvelope } from '../../../platform/commands/envelope.ts';
import { ConcurrencyError } from '../../../platform/event-store/port.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { payableOf, planById } from '../copies/copies.ts';
import { membershipClaimKey, membershipPaymentUnderWay, refusalAfterPaid, refusalBeforeFirstClaim } from './one-membership.ts';

/** What a checkout pays for: a plan (a membership) or a placed NHD order, at its amount before any promo code. */
export interface Purchase {
  /** The plan bought; '' for an NHD order. */
  plan_id: string;
  nhd_order_id?: string;
  equity_enrolment_id?: string;
  /**
   * What one live checkout at a time is claimed on (`claimOrderPayment`): an order, one request of an enrolment, or the
   * account's membership (one per member); the refusal a second checkout gets while the first may still charge, and
   * for a plan the refusal while the membership the first one bought runs (`afterPaid`) or one bought before claims
   * existed (`beforeFirst`).
   */
  claim: {
    key: string;
    underWay: () => DomainError;
    afterPaid?: (paid: { checkout_id: string; plan_id: string }) => Promise<DomainError | null>;
    beforeFirst?: () => Promise<DomainError | null>;
  };
  list_amount_cents: number;
  /** What a promo code's `plan_ids` must hold to apply: the plan id, or NHD_REPORTS_PROMO_TARGET. */
  promo_target: string;
  /** How a refusal names it: "this plan", "NHD reports". */
  label: string;
}

const planNotFound = () => new DomainError('not_found', 'PLAN_NOT_FOUND', 'This plan was not found. Choose a plan again.');
const orderNotFound = () => new DomainError('not_found', 'NHD_ORDER_NOT_FOUND', 'This NHD order was not found. Place the order again.');
const notPayable = (message: string) => new DomainError('conflict', 'NHD_ORDER_NOT_PAYABLE', message);

/**
 * An NHD order as the nhd module offers it to be paid (payments' copy of its contract events, folded by nhd's published
 * `nextNhdOrderPayable`): the caller's own (or placed by the caller, a Provider Admin, for a member with the provider
 * paying: `mayPay`), and still open to payment.
 */
const nhdOrderPurchase = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, orderId: string, accountId: string | null): Promise<Purchase> => {
  const payable = await payableOf(platform, 'nhd_order', orderId);
  if (!payable || (accountId !== null && !mayPay(payable, accountId))) throw orderNotFound();
  if (payable.closed) throw notPayable(payable.closed);
  const underWay = () => notPayable('A payment of this order is under way. Wait for its result before paying again.');
  return { plan_id: '', nhd_order_id: orderId, claim: { key: orderId, underWay }, list_amount_cents: payable.amount_cents, promo_target: NHD_REPORTS_PROMO_TARGET, label: 'NHD reports' };
};

const enrolmentNotFound = () => new DomainError('not_found', 'EQUITY_ENROLLMENT_NOT_FOUND', 'This Equity Protect enrollment was not found. Start protecting the property again.');
const enrolmentNotPayable = (message: string) => new DomainError('conflict', 'EQUITY_ENROLLMENT_NOT_PAYABLE', message);

/**
 * An Equity Protect enrollment as the equity module offers it to be paid (`nextEnrolmentPayable`): the caller's own (or
 * placed by the caller, a Provider Admin, for a member with the provider paying: `mayPay`), at
 * the price it was requested for, and awaiting payment (the latest request after any cancellation).
 */
const equityEnrolmentPurchase = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, enrolmentId: string, accountId: string | null): Promise<Purchase> => {
  const payable = await payableOf(platform, 'enrolment', enrolmentId);
  if (!payable || (accountId !== null && !mayPay(payable, accountId))) throw enrolmentNotFound();
  if (payable.closed) throw enrolmentNotPayable(payable.closed);
  const underWay = () => enrolmentNotPayable('A payment of this enrollment is under way. Wait for its result before paying again.');
  // Each request (a first enrolment, or protecting again after a cancellation) is paid on its own claim.
  return { plan_id: '', equity_enrolment_id: enrolmentId, claim: { key: `equity-${enrolmentId}-${payable.request}`, underWay }, list_amount_cents: payable.amount_cents, promo_target: EQUITY_PROTECT_PROMO_TARGET, label: 'Equity Protect' };
};

/** What `{ plan_id }`, `{ nhd_order_id }` or `{ equity_enrollment_id }` buys (refused in words when it cannot be bought). */
export const purchaseOf = async (
  platform: Pick<Platform, 'eventStore' | 'documents' | 'caughtUp'>,
  item: { plan_id?: string | undefined; nhd_order_id?: string | undefined; equity_enrollment_id?: string | undefined },
  accountId: string | null,
): Promise<Purchase> => {
  if (item.nhd_order_id !== undefined) return nhdOrderPurchase(platform, item.nhd_order_id, accountId);
  if (item.equity_enrollment_id !== undefined) return equityEnrolmentPurchase(platform, item.equity_enrollment_id, accountId);
  const plan = await planById(platform, item.plan_id ?? '');
  if (!plan) throw planNotFound();
  if (!plan.is_default || !plan.is_active) throw new DomainError('invalid', 'PLAN_NOT_OFFERED', 'This plan is not offered at sign-up. Choose Monthly or Yearly.');
  const claim = {
    key: membershipClaimKey(accountId ?? ''),
    underWay: membershipPaymentUnderWay,
    afterPaid: (paid: { checkout_id: string; plan_id: string }) => refusalAfterPaid(platform, paid),
    beforeFirst: () => refusalBeforeFirstClaim(platform, accountId ?? ''),
  };
  return { plan_id: plan.plan_id, claim, list_amount_cents: amountDue(planFromDefined(plan)), promo_target: plan.plan_id, label: 'this plan' };
};

/** One stream per NHD order: which checkout last set out to pay it. */
export const orderPaymentStream = (orderId: string) => `payments-orderpayment-${orderId}`;
export const ORDER_PAYMENT_CLAIMED = 'OrderPaymentClaimed';

/**
 * Before a checkout starts: it claims its order, enrolment request or the account's membership (appended at the
 * stream's loaded version), so two checkouts of one thing (two tabs, two cards) never both charge. `refusalOf(held)`
 * answers whether the claim's holder (null: no claim yet) still stands in the way, with the refusal to give the newcomer;
 * a holder that failed is taken over.
 */
export const claimOrderPayment = async (
  platform: Pick<Platform, 'eventStore'>,
  claim: { order_id: string; checkout_id: string },
  refusalOf: (held: { checkout_id: string; claimed_at: string } | null) => Promise<DomainError | null>,
  meta: CommandMeta,
  underWay: () => DomainError,
): Promise<void> => {
  const stream = orderPaymentStream(claim.order_id);
  const history = await platform.eventStore.readStream(stream);
  const last = history.at(-1);
  const held = last ? (last.data as { checkout_id: string; claimed_at: string }) : null;
  if (held?.checkout_id === claim.checkout_id) return;
  const refusal = await refusalOf(held);
  if (refusal) throw refusal;
  try {
    await platform.eventStore.append(stream, last?.version ?? 0, [eventEnvelope(meta.newId(), ORDER_PAYMENT_CLAIMED, { ...claim, claimed_at: meta.now.toISOString() }, meta)]);
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    // Claimed at the same moment: by another click of this same checkout (fine), or by another checkout.
    const now = (await platform.eventStore.readStream(stream)).at(-1);
    if ((now?.data as { checkout_id?: string } | undefined)?.checkout_id === claim.checkout_id) return;
    throw underWay();
  }
};
