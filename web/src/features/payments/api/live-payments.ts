import type { PaymentView } from '@acpg/contracts/payments';

// contracts/payments PAYMENT_UPDATED_MESSAGE; literal so these screens' chunks do not pull zod in for one string.
export const PAYMENT_MESSAGES = ['payment.updated'];

/** Settled: nothing more will happen to it on its own (a refund is a Super Admin's act, pushed like the rest). */
export const isSettled = (status: PaymentView['status']) => status === 'succeeded' || status === 'failed' || status === 'refunded';
