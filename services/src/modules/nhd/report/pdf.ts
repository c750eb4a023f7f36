import type { NhdOrderPlaced } from '@acpg/contracts/nhd';
import { RECIPIENT_ROLE_LABELS } from '@acpg/contracts/nhd';
import { renderPdf, type PdfDocument } from '../../../platform/pdf/document.ts';
import { facts, footnote, heading, pdfSafe, rule } from '../../../platform/pdf/layout.ts';
import type { HazardFlags } from '../../../platform/property-data/port.ts';
import { formatLongDate } from '../../../platform/formatting/dates.ts';
import { HAZARD_SECTIONS, SAMPLE_DATA_NOTICE, STATEMENT_INTRO, STATEMENT_WARNING } from './content.ts';

export interface ReportInput {
  order: NhdOrderPlaced;
  hazards: HazardFlags;
  /** The report's own date (the payment's): a rerender makes the same bytes. */
  preparedAt: Date;
  /** The orderer's IANA time zone: the date prepared is their day. */
  timeZone: string;
}

const yesNo = (yes: boolean) => (yes ? 'YES' : 'NO');

const paragraph = (doc: PdfDocument, text: string, size = 10) => {
  doc.font('Helvetica').fontSize(size).text(pdfSafe(text), { align: 'left' });
  doc.moveDown(0.6);
};

const subheading = (doc: PdfDocument, text: string) => {
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(13).text(pdfSafe(text));
  doc.moveDown(0.4);
};

/** The summary table: hazard | in the zone? | map source (no map, by design). */
const summaryTable = (doc: PdfDocument, hazards: HazardFlags) => {
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const columns = [width * 0.46, width * 0.12, width * 0.42];
  const row = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    let bottom = y;
    let left = x;
    cells.forEach((cell, i) => {
      doc.font(bold || i === 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).text(pdfSafe(cell), left, y, { width: (columns[i] ?? 0) - 8 });
      bottom = Math.max(bottom, doc.y);
      left += columns[i] ?? 0;
    });
    doc.x = x;
    doc.y = bottom + 4;
    rule(doc);
  };
  row(['Hazard zone', 'In zone', 'Map source'], true);
  for (const section of HAZARD_SECTIONS) row([section.title, yesNo(hazards[section.flag]), section.source], false);
  doc.moveDown(0.5);
};

/**
 * The Natural Hazard Disclosure report as a PDF (US Letter): the cover with the property and order, the summary table,
 * one determination per hazard zone, the disclosure statement, and the signature and receipt page.
 */
export const nhdReportPdf = ({ order, hazards, preparedAt, timeZone }: ReportInput): Promise<{ bytes: Buffer; pageCount: number }> => {
  let pageCount = 1;
  const { property } = order;
  const address = `${property.address_line}, ${property.city}, ${property.state} ${property.zip}`;
  return renderPdf(
    { title: `Natural Hazard Disclosure Report: ${address}`, subject: `${order.report_type.name}, order ${order.order_id}`, createdAt: preparedAt },
    (doc) => {
      doc.on('pageAdded', () => (pageCount += 1));
      heading(doc, 'Natural Hazard Disclosure Report', order.report_type.name);
      facts(doc, [
        ['Property', address],
        ['Assessor’s parcel number (APN)', property.apn],
        ['County', `${property.county} County, California`],
        ['Order', order.number ?? order.order_id],
        // An Agent's or a Broker's order names their brokerage (an order without one prints as before).
        ...(order.brokerage_name ? [['Brokerage', order.brokerage_name] as [string, string]] : []),
        ['Date prepared', formatLongDate(preparedAt, timeZone)],
      ]);
      paragraph(doc, SAMPLE_DATA_NOTICE, 9);
      subheading(doc, 'Summary of determinations');
      summaryTable(doc, hazards);
      const inZones = HAZARD_SECTIONS.filter((s) => hazards[s.flag]).length;
      paragraph(doc, inZones === 0 ? 'The property is in none of the six statutory hazard zones.' : `The property is in ${inZones} of the six statutory hazard zones; see each determination below.`);

      doc.addPage();
      heading(doc, 'Hazard determinations', address);
      for (const section of HAZARD_SECTIONS) {
        const inZone = hazards[section.flag];
        doc.font('Helvetica-Bold').fontSize(11.5).text(pdfSafe(section.title));
        doc.font('Helvetica-Bold').fontSize(10.5).text(`Determination: ${inZone ? 'YES, in the zone' : 'NO, not in the zone'}`);
        doc.font('Helvetica').fontSize(10).text(pdfSafe(inZone ? section.inZone : section.notInZone));
        doc.fontSize(9).fillColor('#555555').text(pdfSafe(`Statute: ${section.statute}. Source: ${section.source}.`)).fillColor('black');
        doc.moveDown(0.8);
      }

      doc.addPage();
      heading(doc, 'Natural Hazard Disclosure Statement', 'California Civil Code §1103.2');
      for (const text of STATEMENT_INTRO) paragraph(doc, text);
      for (const section of HAZARD_SECTIONS) {
        const inZone = hazards[section.flag];
        paragraph(doc, `${section.title}: Yes [${inZone ? 'X' : ' '}]   No [${inZone ? ' ' : 'X'}]`);
      }
      doc.font('Helvetica-Bold').fontSize(10).text(pdfSafe(STATEMENT_WARNING));
      doc.moveDown(1);

      doc.addPage();
      heading(doc, 'Signatures and receipt', address);
      paragraph(doc, 'Signature of transferor(s), agent(s) and transferee(s): each signs and dates below to acknowledge this statement.');
      for (const who of ['Transferor (seller)', 'Transferor (seller)', 'Agent representing the transferor', 'Agent representing the transferee', 'Transferee (buyer)', 'Transferee (buyer)']) {
        doc.moveDown(0.9).font('Helvetica').fontSize(10).text(`${who}: ______________________________________   Date: ______________`);
      }
      doc.moveDown(1.2);
      subheading(doc, 'Delivered to');
      for (const r of order.recipients) paragraph(doc, `${r.name} (${RECIPIENT_ROLE_LABELS[r.role]}), ${r.email}: receipt confirmed through a one-time link; the order's history records when.`);
      if (order.escrow_users.length > 0) {
        subheading(doc, 'Escrow');
        for (const e of order.escrow_users) paragraph(doc, `${e.company}, officer ${e.officer}, escrow number ${e.escrow_number}${e.email ? `, ${e.email}` : ''}`);
      }
      footnote(doc, `ACPG Natural Hazard Disclosure report for order ${order.order_id}. ${SAMPLE_DATA_NOTICE}`);
    },
  ).then((bytes) => ({ bytes, pageCount }));
};
