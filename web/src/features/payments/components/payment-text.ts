import type { CardBrand, PaymentView } from '@acpg/contracts/payments';

/** Words for a payment's status, as lists and the status page show them. */
export const PAYMENT_STATUS_TEXT: Record<PaymentView['status'], string> = {
  processing: 'Processing',
  requires_action: 'Needs your confirmation',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const PAYMENT_STATUS_COLOR = { processing: 'informative', requires_action: 'warning', succeeded: 'success', failed: 'danger', refunded: 'subtle' } as const satisfies Record<
  PaymentView['status'],
  'informative' | 'warning' | 'success' | 'danger' | 'subtle'
>;

const BRANDS: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Card' };
/** "Visa ending in 4242". */
export const cardText = (p: Pick<PaymentView, 'card_brand' | 'card_last4'>) => `${BRANDS[p.card_brand]} ending in ${p.card_last4}`;

/** A receipt exists for a payment that went through (a refund keeps it: it was paid). */
export const hasReceipt = (status: PaymentView['status']) => status === 'succeeded' || status === 'refunded';
