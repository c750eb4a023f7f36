import type { Platform } from '../../../platform/module.ts';
import { receiptFileKey, receiptFor } from './issue.ts';
import { receiptPdf } from './pdf.ts';
import { payerOf } from './sources.ts';

/**
 * A paid checkout's receipt for download: the PDF the receipt job stored, or, in the seconds before that job ran,
 * the same receipt rendered now (nothing stored: the job stays the one that keeps and emails it). Null: not paid.
 */
export const issuedReceipt = async (platform: Platform, checkoutId: string): Promise<{ number: string; bytes: Buffer } | null> => {
  const receipt = await receiptFor(platform, checkoutId);
  if (!receipt) return null;
  const stored = await platform.files.get(receiptFileKey(checkoutId));
  if (stored) return { number: receipt.receipt_number, bytes: stored.bytes };
  const payer = await payerOf(platform, receipt.account_id);
  if (!payer) return null;
  return { number: receipt.receipt_number, bytes: await receiptPdf(receipt, payer) };
};
