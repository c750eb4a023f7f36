import { z } from 'zod';
import { CheckoutStarted, PaymentSucceeded } from '@acpg/contracts/payments';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import type { Platform } from '../../../platform/module.ts';
import { PDF_CONTENT_TYPE } from '../../../platform/pdf/document.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { checkoutStream } from '../checkout/decider.ts';
import { receiptPdf } from './pdf.ts';
import { cardText, formatReceiptDate, formatUsd, receiptOf, type Receipt } from './receipt.ts';
import { payerOf, planAsOf } from './sources.ts';
import { receiptEmail } from './template.ts';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';

/** The queue of receipt jobs (the payments module's worker renders, stores and emails them). */
/** One job per succeeded charge: its checkout, whose receipt is made and emailed. */
const receiptJob = defineJob({ queue: 'payments-receipts', name: 'issue', data: z.object({ checkout_id: z.string().min(1) }), attempts: 6, backoffMs: 2000, what: 'receipt job' });
export const RECEIPTS_QUEUE = receiptJob.queue;
/** Where a checkout's receipt PDF is kept (`platform.files`). */
export const receiptFileKey = (checkoutId: string) => `payments/receipts/${checkoutId}.pdf`;

/** A charge succeeded (a checkout or a renewal): one receipt job for it. */
export const receiptReaction: Reaction = {
  name: 'payments.receipt',
  handles: ['PaymentSucceeded'],
  async jobs(event) {
    const paid = PaymentSucceeded.safeParse(event.data);
    if (!paid.success) return [];
    return [receiptJob.job({ checkout_id: paid.data.checkout_id })];
  },
};

/** The checkout's start and its success, from its stream; null when it has not succeeded. */
const paidCheckout = async (platform: Pick<Platform, 'eventStore'>, checkoutId: string): Promise<{ started: CheckoutStarted; succeeded: PaymentSucceeded } | null> => {
  const history = await platform.eventStore.readStream(checkoutStream(checkoutId));
  const started = history.find((e) => e.type === 'CheckoutStarted');
  const succeeded = history.find((e) => e.type === 'PaymentSucceeded');
  if (!started || !succeeded) return null;
  return { started: CheckoutStarted.parse(started.data), succeeded: PaymentSucceeded.parse(succeeded.data) };
};

/** The receipt of a paid checkout as it reads today (null: not paid). The PDF route and the job share it. */
export const receiptFor = async (platform: Pick<Platform, 'eventStore' | 'documents' | 'caughtUp'>, checkoutId: string): Promise<Receipt | null> => {
  const paid = await paidCheckout(platform, checkoutId);
  if (!paid) return null;
  const timeZone = await timeZoneOf(platform, 'payments', paid.started.account_id);
  return receiptOf(paid.started, paid.succeeded, await planAsOf(platform, paid.started.plan_id, paid.started.started_at), timeZone);
};


/**
 * Renders the receipt PDF, keeps it (`payments/receipts/<checkout id>.pdf`, encrypted at rest: it names the payer) and
 * queues its email once (job id from the checkout). Run again, it writes the same file and queues nothing new.
 */
export const issueReceipt = receiptJob.worker(
  async (platform, { checkout_id: checkoutId }) => {
    const receipt = await receiptFor(platform, checkoutId);
    if (!receipt) throw new PermanentJobError(`checkout ${checkoutId} has not succeeded: no receipt`);
    const payer = await payerOf(platform, receipt.account_id);
    if (!payer) throw new PermanentJobError(`checkout ${checkoutId}: account ${receipt.account_id} not found`);
    await platform.files.put(receiptFileKey(checkoutId), await receiptPdf(receipt, payer), { contentType: PDF_CONTENT_TYPE, encrypted: true });
    const variables = {
      full_name: payer.full_name,
      receipt_number: receipt.receipt_number,
      plan: receipt.plan_label,
      total: formatUsd(receipt.total_cents),
      paid_on: formatReceiptDate(receipt.paid_at, receipt.time_zone),
      card: cardText(receipt.card_brand, receipt.card_last4),
      receipt_url: `${publicUrl(platform.config)}/payment-status?checkout_id=${encodeURIComponent(checkoutId)}`,
      renewal: receipt.renewal_period_start != null,
    };
    await notificationJob.enqueue(platform, templateMessage(receiptEmail, payer.email, variables), { id: `payments-receipt-email-${checkoutId}` });
  },
  { concurrency: 2 },
);
