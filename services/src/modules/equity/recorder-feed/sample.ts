import type { County } from '@acpg/contracts/properties';
import type { DocumentType, ProtectedProperty, RecordedDocument } from '@acpg/contracts/equity';
import type { FeedRow, RecorderFeed } from './port.ts';

/** A small deterministic generator (mulberry32): the same seed gives the same recordings. */
const random = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Elizabeth', 'Jose', 'Wei', 'Priya', 'Daniel', 'Sofia', 'Kevin', 'Grace'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Martinez', 'Lee', 'Brown', 'Hernandez', 'Kim', 'Patel', 'Lopez', 'Chen', 'Davis', 'Wilson', 'Rodriguez', 'Anderson'];
const LENDERS = ['Pacific Coast Bank, N.A.', 'Golden State Mortgage LLC', 'Sierra Home Loans Inc.', 'Bay Federal Credit Union'];
const TRUSTEES = ['Western Title Company', 'Redwood Trustee Services', 'Mission Reconveyance Corp.'];
const CREDITORS = ['State of California Franchise Tax Board', 'Coastline Roofing Inc.', 'County Tax Collector', 'Valley HOA Association'];

/** How often each type is recorded, roughly as a California recorder's daily feed has them. */
const MIX: readonly [DocumentType, number][] = [
  ['deed_of_trust', 0.3],
  ['grant_deed', 0.22],
  ['reconveyance', 0.18],
  ['deed', 0.08],
  ['quitclaim', 0.08],
  ['lien', 0.08],
  ['notice_of_default', 0.06],
];

export interface SampleOptions {
  count: number;
  seed: number;
  /** Counties and how their assessors write APNs (the property data's counties). */
  counties: readonly County[];
  /** Protected properties some recordings fall on (their APN and county), taken in turn. */
  onProtected: readonly ProtectedProperty[];
  /** The first day recordings may carry, and the last (YYYY-MM-DD). */
  from: string;
  to: string;
}

const apnLike = (format: string, next: () => number) => format.replace(/#/g, () => String(Math.floor(next() * 10)));

/**
 * The sample adapter: realistic recordings for demos and the benchmark. Parties are made-up names; APNs follow each
 * county's format (almost never a protected one), except the first `onProtected.length`, which fall on those properties.
 */
/** Sample rows come at once (generated, never read from a file). */
export interface SampleFeed extends RecorderFeed {
  rows(): Iterable<FeedRow>;
}

export const sampleFeed = (options: SampleOptions): SampleFeed => ({
  *rows(): Iterable<FeedRow> {
    const next = random(options.seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const person = () => `${pick(FIRST)} ${pick(LAST)}`;
    const fromMs = Date.parse(`${options.from}T00:00:00Z`);
    const days = Math.max(0, Math.round((Date.parse(`${options.to}T00:00:00Z`) - fromMs) / 86_400_000));
    const year = options.to.slice(0, 4);
    for (let row = 1; row <= options.count; row += 1) {
      const target = options.onProtected[row - 1];
      const county = target ? { name: target.county, apn_format: '' } : pick(options.counties);
      let type: DocumentType = 'deed_of_trust';
      for (let roll = next(), i = 0; i < MIX.length; i += 1) {
        const [candidate, share] = MIX[i] as [DocumentType, number];
        type = candidate;
        if ((roll -= share) <= 0) break;
      }
      const owner = person();
      const parties: Record<DocumentType, [string, string, number | null]> = {
        deed: [owner, person(), null],
        grant_deed: [owner, person(), Math.round(400_000 + next() * 1_600_000) * 100],
        quitclaim: [owner, person(), null],
        deed_of_trust: [owner, pick(LENDERS), Math.round(150_000 + next() * 1_050_000) * 100],
        lien: [pick(CREDITORS), owner, Math.round(1_500 + next() * 48_000) * 100],
        notice_of_default: [pick(TRUSTEES), owner, Math.round(8_000 + next() * 70_000) * 100],
        reconveyance: [pick(TRUSTEES), owner, null],
      };
      const [grantor, grantee, amount] = parties[type];
      const recording: RecordedDocument = {
        document_number: `${year}-${String(Math.floor(next() * 10_000_000)).padStart(7, '0')}`,
        county: county.name,
        apn: target ? target.apn : apnLike(county.apn_format || '###-###-###', next),
        document_type: type,
        recorded_at: new Date(fromMs + Math.floor(next() * (days + 1)) * 86_400_000).toISOString().slice(0, 10),
        grantor,
        grantee,
        amount_cents: amount,
      };
      yield { row, recording };
    }
  },
});

/** Recordings as CSV text (header row first), the file format a Super Admin imports. */
export const recordingsCsv = (recordings: Iterable<RecordedDocument>): string => {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = ['document_number,county,apn,document_type,recorded_at,grantor,grantee,amount_cents'];
  for (const r of recordings) lines.push([r.document_number, r.county, r.apn, r.document_type, r.recorded_at, r.grantor, r.grantee, r.amount_cents].map(cell).join(','));
  return `${lines.join('\n')}\n`;
};
