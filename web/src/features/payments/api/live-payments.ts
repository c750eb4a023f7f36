import type { Page } from '@acpg/contracts/http';
import type { PaymentView } from '@acpg/contracts/payments';
import { keepNewer, mergeNewestFirst } from '../../../lib/live-merge.ts';

// contracts/payments PAYMENT_UPDATED_MESSAGE; literal so these screens' chunks do not pull zod in for one string.
export const PAYMENT_MESSAGES = ['payment.updated'];

const versioned = (p: PaymentView) => ({ ...p, id: p.checkout_id });
const plain = ({ id: _id, ...p }: PaymentView & { id: string }): PaymentView => p;

/**
 * One `payment.updated` push on the payment history. A payment already listed is replaced only by a higher version;
 * a new one goes on top when the page shows the newest first and the read does not hold it yet (its position is above
 * the page's). Another page or order is left as it is: the next read brings it.
 */
export function applyPaymentPush(page: Page<PaymentView>, push: PaymentView, showsNewest: boolean): Page<PaymentView> {
  const rows = page.items.map(versioned);
  const row = versioned(push);
  if (rows.some((r) => r.id === row.id)) {
    const items = keepNewer(rows, row);
    return items === rows ? page : { ...page, items: items.map(plain) };
  }
  if (!showsNewest) return page;
  const merged = mergeNewestFirst({ items: rows, total: page.total }, row, page.page_size);
  return merged.added ? { ...page, items: merged.items.map(plain), total: merged.total } : page;
}

/** Settled: nothing more will happen to it on its own (a refund is a Super Admin's act, pushed like the rest). */
export const isSettled = (status: PaymentView['status']) => status === 'succeeded' || status === 'failed' || status === 'refunded';
