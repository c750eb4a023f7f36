import type { RefundedService } from '@acpg/contracts/payments';
import { EQUITY_REFUNDABLE_EVENTS, NHD_ORDER_REFUNDABLE_EVENTS, nextEquityRefundable, nextNhdOrderRefundable, runsAt, type Refundable } from '@acpg/contracts/refundables';
import type { Platform } from '../../../platform/module.ts';
import { copyOf, idField, localCopy } from '../../../platform/local-copies/define.ts';
import { readCopy } from '../../../platform/local-copies/read-copy.ts';
import type { CheckoutState } from '../checkout/decider.ts';
import { membershipStandingOf } from '../copies/copies.ts';

/** Payments' copies of what an enrollment's and an order's payment bought (their sellers' published folds). */
const enrolmentRefundables = localCopy<Refundable>({ module: 'payments', of: 'enrolment_refundables', source: 'equity', events: EQUITY_REFUNDABLE_EVENTS, idOf: idField('enrolment_id'), next: nextEquityRefundable });
const orderRefundables = localCopy<Refundable>({ module: 'payments', of: 'nhd_order_refundables', source: 'nhd', events: NHD_ORDER_REFUNDABLE_EVENTS, idOf: idField('order_id'), next: nextNhdOrderRefundable });

export const refundableCopies = [enrolmentRefundables, orderRefundables];
export const REFUNDABLE_EVENTS = [...EQUITY_REFUNDABLE_EVENTS, ...NHD_ORDER_REFUNDABLE_EVENTS];

type Reader = Pick<Platform, 'documents' | 'caughtUp'>;
type Started = Extract<CheckoutState, { started: unknown }>['started'];

const refundableOf = async (platform: Reader, copy: typeof enrolmentRefundables, id: string): Promise<Refundable | null> => {
  const doc = await readCopy(platform, copy, id);
  return doc ? (copyOf(doc) as unknown as Refundable) : null;
};

/** The membership a plan checkout (its own id) or a renewal (the renewed one) paid for; undefined for other purchases. */
export const membershipIdOf = (checkoutId: string, started: Started): string | undefined =>
  started.renewal ? started.renewal.membership_id : started.nhd_order_id || started.equity_enrolment_id || started.plan_id === '' ? undefined : checkoutId;

/**
 * What a refund of this checkout would end, in words, if it still runs at `now`: the membership it paid for (not yet
 * ended), the Equity Protect protection of the enrollment (started, not cancelled, its year not over), or the NHD order
 * (neither cancelled nor refunded). Null: nothing runs, so a refund ends nothing.
 */
export const refundScopeOf = async (platform: Reader, checkoutId: string, started: Started, now: Date): Promise<RefundedService | null> => {
  const at = now.toISOString();
  if (started.equity_enrolment_id) {
    const id = started.equity_enrolment_id;
    const protection = await refundableOf(platform, enrolmentRefundables, id);
    return protection && runsAt(protection, at) ? { kind: 'equity_protection', id, description: protection.description } : null;
  }
  if (started.nhd_order_id) {
    const id = started.nhd_order_id;
    const order = await refundableOf(platform, orderRefundables, id);
    return order && runsAt(order, at) ? { kind: 'nhd_order', id, description: order.description } : null;
  }
  const membershipId = membershipIdOf(checkoutId, started);
  if (!membershipId) return null;
  const standing = await membershipStandingOf(platform, membershipId);
  if (!standing || standing.status === 'cancelled') return null;
  return { kind: 'membership', id: membershipId, description: `the ${standing.plan_name} membership` };
};
