import { renderPdf } from '../../../platform/pdf/document.ts';
import { amountLines, facts, footnote, heading } from '../../../platform/pdf/layout.ts';
import { cardText, formatReceiptDate, formatUsd, type Receipt } from './receipt.ts';

/** The receipt as a one-page PDF (US Letter): number, date, who paid, the lines, the promo discount, the total and the card. */
export const receiptPdf = (receipt: Receipt, payer: { full_name: string; email: string }): Promise<Buffer> =>
  renderPdf({ title: `ACPG receipt ${receipt.receipt_number}`, subject: `Receipt: ${receipt.plan_label}`, createdAt: new Date(receipt.paid_at) }, (doc) => {
    heading(doc, 'Receipt', 'Payment received. Thank you.');
    facts(doc, [
      ['Receipt number', receipt.receipt_number],
      ['Date paid', formatReceiptDate(receipt.paid_at, receipt.time_zone)],
      ['Billed to', `${payer.full_name} (${payer.email})`],
      ['Plan', receipt.plan_label],
      ['Paid with', cardText(receipt.card_brand, receipt.card_last4)],
    ]);
    amountLines(doc, [
      ...receipt.lines.map((line) => ({ label: line.label, amount: formatUsd(line.amount_cents) })),
      ...(receipt.promo
        ? [
            { label: 'Subtotal', amount: formatUsd(receipt.subtotal_cents) },
            { label: `Promo code ${receipt.promo.code}`, amount: formatUsd(-receipt.promo.discount_cents) },
          ]
        : []),
      { label: 'Total paid (USD)', amount: formatUsd(receipt.total_cents), strong: true },
    ]);
    footnote(doc, `Payment reference: ${receipt.checkout_id}. Keep this receipt for your records. Questions about this charge: contact us from the Contact Us page of the ACPG site.`);
  });
