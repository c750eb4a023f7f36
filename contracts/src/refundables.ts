import { EquityEnrolmentRequested, EquityProtectionStarted } from './equity.ts';
import { NhdOrderPlaced } from './nhd.ts';
import type { PublishedEvent } from './payments.ts';

// What a payment bought that a refund may end, as each seller publishes it: payments keeps a local copy of each (its
// `*_refundables` read models) to tell a Super Admin, before a refund, what it would end (issue 19).

/** Something a payment bought, in words, and whether it still runs. */
export interface Refundable {
  account_id: string;
  /** "the Equity Protect protection for 12 Oak St, Fresno, CA 93701". */
  description: string;
  /** Whether it runs now (a protection also stops running when its year is over: `runs_until`). */
  running: boolean;
  /** When it stops running by itself (a protection's paid year), or null. */
  runs_until: string | null;
}

const addressOf = (p: { address_line: string; city: string; zip: string }) => `${p.address_line}, ${p.city}, CA ${p.zip}`;

/** The events that say which property an enrollment protects and whether its protection runs. */
export const EQUITY_REFUNDABLE_EVENTS = ['EquityEnrolmentRequested', 'EquityProtectionStarted', 'EquityProtectionCancelled'] as const;

/** An enrollment's protection after `event`, as the equity module publishes it. */
export const nextEquityRefundable = (refundable: Refundable | null, event: PublishedEvent): Refundable | null => {
  if (event.type === 'EquityEnrolmentRequested') {
    const requested = EquityEnrolmentRequested.safeParse(event.data);
    if (!requested.success) return refundable;
    const description = `the Equity Protect protection for ${addressOf(requested.data.property)}`;
    return { account_id: requested.data.account_id, description, running: refundable?.running ?? false, runs_until: refundable?.runs_until ?? null };
  }
  if (!refundable) return refundable;
  if (event.type === 'EquityProtectionStarted') {
    const started = EquityProtectionStarted.safeParse(event.data);
    return started.success ? { ...refundable, running: true, runs_until: started.data.protected_until } : refundable;
  }
  if (event.type === 'EquityProtectionCancelled') return { ...refundable, running: false };
  return refundable;
};

/** The events that say what an NHD order is for and whether it still runs (not cancelled nor refunded). */
export const NHD_ORDER_REFUNDABLE_EVENTS = ['NhdOrderPlaced', 'NhdOrderCancelled', 'NhdOrderRefunded'] as const;

/** An NHD order after `event`, as the nhd module publishes it. */
export const nextNhdOrderRefundable = (refundable: Refundable | null, event: PublishedEvent): Refundable | null => {
  if (event.type === 'NhdOrderPlaced') {
    const placed = NhdOrderPlaced.safeParse(event.data);
    if (!placed.success) return refundable;
    return { account_id: placed.data.account_id, description: `the ${placed.data.report_type.name} order for ${addressOf(placed.data.property)}`, running: true, runs_until: null };
  }
  if (!refundable) return refundable;
  if (event.type === 'NhdOrderCancelled' || event.type === 'NhdOrderRefunded') return { ...refundable, running: false };
  return refundable;
};

/** Whether it runs at `now` (an ISO time). */
export const runsAt = (refundable: Refundable, now: string): boolean => refundable.running && (refundable.runs_until === null || refundable.runs_until > now);

/**
 * Whether a `PaymentRefunded` ends what its payment bought: unless the admin chose `keep` while something ran
 * (`service_of`). A refund from before issue 19 (no choice recorded) ended it.
 */
export const refundEnds = (refunded: { service?: 'end' | 'keep' | undefined; service_of?: unknown }): boolean => refunded.service !== 'keep' || !refunded.service_of;
