import type { PdfDocument } from './document.ts';

/** Layout pieces every generated document shares, so receipts and reports look alike. Text goes through `pdfSafe`. */

const GRAY = '#555555';
const RULE = '#cccccc';

// The standard PDF fonts draw WinAnsi only: Latin-1 plus these. Anything else would come out as wrong glyphs.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** `text` as the standard fonts can draw it: a character they cannot is shown as "?" rather than as a wrong one. */
export const pdfSafe = (text: string): string =>
  Array.from(text.normalize('NFC'), (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === '\n' ? ch : '?';
  }).join('');

const contentWidth = (doc: PdfDocument) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** The brand line and the document's title, e.g. "ACPG" over "Receipt". */
export function heading(doc: PdfDocument, title: string, subtitle?: string): void {
  doc.font('Helvetica-Bold').fontSize(11).fillColor(GRAY).text('ACPG');
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(22).fillColor('black').text(title);
  if (subtitle) doc.moveDown(0.2).font('Helvetica').fontSize(11).fillColor(GRAY).text(pdfSafe(subtitle));
  doc.fillColor('black').moveDown(1);
}

/** Label: value lines ("Receipt number: R-..."). */
export function facts(doc: PdfDocument, rows: readonly (readonly [label: string, value: string])[]): void {
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(11).text(`${pdfSafe(label)}: `, { continued: true }).font('Helvetica').text(pdfSafe(value));
  }
  doc.moveDown(1);
}

/** A thin horizontal line across the content width. */
export function rule(doc: PdfDocument): void {
  const x = doc.page.margins.left;
  doc.moveTo(x, doc.y).lineTo(x + contentWidth(doc), doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.moveDown(0.5);
}

export interface AmountLine {
  label: string;
  /** Already formatted ("$12.00", "-$5.00"). */
  amount: string;
  /** A total: bold, with a rule above it. */
  strong?: boolean;
}

/** Lines of a bill: the label on the left, the amount right-aligned on the same line. */
export function amountLines(doc: PdfDocument, lines: readonly AmountLine[]): void {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const amountWidth = 140;
  for (const line of lines) {
    if (line.strong) rule(doc);
    doc.font(line.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    const y = doc.y;
    doc.text(pdfSafe(line.label), x, y, { width: width - amountWidth - 8 });
    const afterLabel = doc.y;
    doc.text(pdfSafe(line.amount), x + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.x = x;
    doc.y = Math.max(afterLabel, doc.y) + 4;
  }
  doc.moveDown(1);
}

/** Small gray text at the bottom of the content (what the document is, who to ask). */
export function footnote(doc: PdfDocument, text: string): void {
  doc.font('Helvetica').fontSize(9).fillColor(GRAY).text(pdfSafe(text), doc.page.margins.left, doc.y, { width: contentWidth(doc) }).fillColor('black');
}
