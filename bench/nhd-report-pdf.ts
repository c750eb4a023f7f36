import { HAZARD_FLAGS, type HazardFlags } from '../services/src/platform/property-data/port.ts';
import { renderPdf } from '../services/src/platform/pdf/document.ts';
import { loadSampleDataset } from '../services/src/platform/property-data/sample-data/dataset.ts';
import { nhdReportPdf } from '../services/src/modules/nhd/module.ts';
import { receiptPdf, type Receipt } from '../services/src/modules/payments/module.ts';

/**
 * PDF generation time per NHD report (the report job's rendering: four pages, pdfkit), beside two baselines rendered
 * in the same run: an empty one-page pdfkit document (the library's floor) and a payment receipt (the product's other
 * generated document, one page). Sequential on one core, as one report job runs.
 */
export interface PdfFigures {
  name: string;
  documents: number;
  p50: number;
  p99: number;
  perSecond: number;
  kilobytes: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;

const time = async (name: string, count: number, render: (i: number) => Promise<Buffer>): Promise<PdfFigures> => {
  for (let i = 0; i < Math.min(20, count); i++) await render(i); // warm-up
  const ms: number[] = [];
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    bytes += (await render(i)).length;
    ms.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  ms.sort((a, b) => a - b);
  return { name, documents: count, p50: round(quantile(ms, 0.5)), p99: round(quantile(ms, 0.99)), perSecond: Math.round((count * 1000) / total), kilobytes: Math.round(bytes / count / 102.4) / 10 };
};

export const benchNhdReportPdf = async ({ reports = 200 } = {}): Promise<PdfFigures[]> => {
  const properties = loadSampleDataset().properties;
  const at = new Date('2026-11-24T10:00:00.000Z');
  const receipt: Receipt = {
    receipt_number: 'R-20261124-0F3A9B2C41DE',
    checkout_id: '0f3a9b2c-41de-4c55-9a0b-2f1e3d4c5b6a',
    account_id: 'acct-1',
    paid_at: at.toISOString(),
    plan_name: 'NHD report',
    plan_label: 'Natural Hazard Disclosure report',
    lines: [{ label: 'Standard NHD report', amount_cents: 4_900 }],
    subtotal_cents: 4_900,
    time_zone: 'America/Los_Angeles',
    promo: null,
    total_cents: 4_900,
    card_brand: 'visa',
    card_last4: '4242',
    renewal_period_start: null,
  };
  const order = (i: number) => {
    const p = properties[i % properties.length];
    if (!p) throw new Error('the sample dataset is empty');
    const hazards = Object.fromEntries(HAZARD_FLAGS.map((f) => [f, p.hazards[f]])) as HazardFlags;
    return {
      hazards,
      order: {
        order_id: `0f3a9b2c-41de-4c55-9a0b-${String(i).padStart(12, '0')}`,
        by: 'acct-1',
        at: at.toISOString(),
        account_id: 'acct-1',
        property: { property_id: p.id, address_line: p.address_line, city: p.city, county: p.county, state: 'CA' as const, zip: p.zip, apn: p.apn },
        report_type: { code: 0, name: 'Standard NHD report' },
        amount_cents: 4_900,
        recipients: [
          { recipient_id: 'r1', email: 'buyer@example.com', name: 'Bea Buyer', role: 'buyer' as const },
          { recipient_id: 'r2', email: 'seller@example.com', name: 'Sam Seller', role: 'seller' as const },
        ],
        escrow_users: [{ company: 'Golden Escrow', officer: 'Olive Officer', escrow_number: 'E-1001' }],
      },
    };
  };
  return [
    await time('empty pdfkit page (floor)', reports, () => renderPdf({ title: 'x', createdAt: at }, (doc) => void doc.text('x'))),
    await time('payment receipt (1 page)', reports, () => receiptPdf(receipt, { full_name: 'Pat Payer', email: 'pat@example.com' })),
    await time('NHD report (4 pages)', reports, async (i) => (await nhdReportPdf({ ...order(i), preparedAt: at, timeZone: 'America/Los_Angeles' })).bytes),
  ];
};

export const printNhdReportPdfBench = async (options: { reports?: number } = {}) => {
  const figures = await benchNhdReportPdf(options);
  console.log(`\nPDF generation: ${options.reports ?? 200} documents each, one after another (as one report job renders), ms per document`);
  console.log('document                     | p50 ms | p99 ms | per second | KB');
  for (const f of figures) console.log(`${f.name.padEnd(28)} | ${String(f.p50).padStart(6)} | ${String(f.p99).padStart(6)} | ${String(f.perSecond).padStart(10)} | ${f.kilobytes}`);
  const [floor, receipt, report] = figures;
  if (floor && receipt && report) {
    console.log(`ratio p50 (NHD report / receipt): ${(report.p50 / Math.max(receipt.p50, 0.01)).toFixed(1)}; (NHD report / empty page): ${(report.p50 / Math.max(floor.p50, 0.01)).toFixed(1)}`);
  }
};
