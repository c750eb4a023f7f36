import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { io as connect } from 'socket.io-client';
import { RecordedDocument, type ProtectedProperty } from '../contracts/src/equity.ts';
import { recordingsCsv, sampleFeed } from '../services/src/modules/equity/module.ts';
import { eventEnvelope } from '../services/src/platform/commands/envelope.ts';
import { loadSampleDataset } from '../services/src/platform/property-data/sample-data/dataset.ts';
import { startTestApp } from '../services/test/harness.ts';

/**
 * Title monitoring at scale (issue 10): a Super Admin imports `recordings` county recordings while `protectedCount`
 * properties are protected; `onProtected` of the recordings fall on protected parcels and raise alerts. Figures:
 * recordings matched per second (from the upload to the import's "matched"), and the time from the upload to each
 * alert's live push (the message the member's list and the Super Admins' queue receive), p50 and p99.
 * Baseline in the same run: the floor of the work, in one loop: parse the same CSV (csv-parse), check each row (the
 * same zod schema) and look it up in a Map of the protected parcels.
 */
export interface EquityMatchingFigures {
  recordings: number;
  protected: number;
  alerts: number;
  uploadAnsweredMs: number;
  matchedMs: number;
  recordingsPerSecond: number;
  baselinePerSecond: number;
  alertP50Ms: number;
  alertP99Ms: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const key = (county: string, apn: string) => `${county.toLowerCase()}|${apn.replace(/[^0-9a-z]/gi, '').toLowerCase()}`;

export const benchEquityMatching = async ({ recordings = 100_000, protectedCount = 10_000, onProtected = Math.min(1_000, protectedCount) } = {}): Promise<EquityMatchingFigures> => {
  const counties = loadSampleDataset().counties.map((c) => ({ name: c.name, apn_format: c.apn_format, property_count: 0 }));
  // Protected parcels: APNs in each county's format, none of them the generator's random ones but by chance.
  const parcels: ProtectedProperty[] = [...sampleFeed({ count: protectedCount, seed: 11, counties, onProtected: [], from: '2026-01-01', to: '2026-01-01' }).rows()].map((row, i) => {
    if (!('recording' in row)) throw new Error('the generator makes valid rows');
    return { property_id: `bench-${i}`, address_line: `${100 + i} Bench Street`, city: 'Sampleville', county: row.recording.county, state: 'CA', zip: '90001', apn: row.recording.apn };
  });
  // Recorded over the last 20 days: within the days a protection started today looks back.
  const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
  const feed = sampleFeed({ count: recordings, seed: 29, counties, onProtected: parcels.slice(0, onProtected), from: day(20 * 86_400_000), to: day(0) });
  const rows = [...feed.rows()].flatMap((r) => ('recording' in r ? [r.recording] : []));
  const csv = recordingsCsv(rows);

  // Baseline: the floor of the work in one loop.
  // Parcels per matching key (random APNs of one county may coincide: each protected parcel is alerted).
  const index = new Map<string, number>();
  for (const p of parcels) index.set(key(p.county, p.apn), (index.get(key(p.county, p.apn)) ?? 0) + 1);
  const b0 = performance.now();
  /** (recording, protected parcel) pairs: the alerts the import must raise. */
  let floorMatches = 0;
  for (const record of parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[]) {
    const parsed = RecordedDocument.safeParse({ ...record, amount_cents: record.amount_cents ? Number(record.amount_cents) : null });
    if (parsed.success) floorMatches += index.get(key(parsed.data.county, parsed.data.apn)) ?? 0;
  }
  const baselinePerSecond = Math.round((recordings * 1000) / (performance.now() - b0));

  const t = await startTestApp({ LOG_LEVEL: 'silent' });
  try {
    // The protected properties, as enrolments recorded by the equity module (each member's own account).
    const at = new Date();
    const meta = { now: at, actor: 'bench', correlationId: 'bench' };
    for (let i = 0; i < parcels.length; i += 1) {
      const enrolment_id = randomUUID();
      const property = parcels[i] as ProtectedProperty;
      const requested = { enrolment_id, account_id: `bench-member-${i}`, property, price_cents: 0, included: true, plan_name: 'Yearly', by: 'bench', at: at.toISOString() };
      const started = { enrolment_id, by: 'bench', at: at.toISOString(), protected_until: new Date(at.getTime() + 365 * 86_400_000).toISOString() };
      await t.platform.eventStore.append(`equity-enrolment-${enrolment_id}`, 0, [eventEnvelope(randomUUID(), 'EquityEnrolmentRequested', requested, meta), eventEnvelope(randomUUID(), 'EquityProtectionStarted', started, meta)]);
    }
    for (let deadline = Date.now() + 300_000; (await t.platform.documents.count('equity_enrolments', { status: 'active' })) < protectedCount; ) {
      if (Date.now() > deadline) throw new Error('the enrolments were not projected in 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const token = await t.signInAs('Super Admin', 'bench-admin');
    const socket = connect(t.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const seen = new Map<string, number>();
    let matchedAt = NaN;
    socket.on('equity-alert.updated', (view: { alert_id: string }) => {
      if (!seen.has(view.alert_id)) seen.set(view.alert_id, performance.now());
    });
    socket.on('equity-import.updated', (view: { status: string }) => {
      if (view.status === 'matched' && Number.isNaN(matchedAt)) matchedAt = performance.now();
    });

    const t0 = performance.now();
    const answer = await fetch(`${t.url}/api/v1/admin/equity/imports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ file_name: 'bench.csv', format: 'csv', data: Buffer.from(csv).toString('base64') }),
    });
    const uploadAnsweredMs = performance.now() - t0;
    if (answer.status !== 201) throw new Error(`import: ${answer.status} ${await answer.text()}`);
    for (let deadline = Date.now() + Number(process.env.BENCH_EQUITY_DEADLINE_MS ?? 600_000); Number.isNaN(matchedAt) || seen.size < floorMatches; ) {
      if (Date.now() > deadline) {
        const alerts = await t.platform.documents.count('equity_alerts');
        const imported = await t.platform.documents.find('equity_imports', {});
        throw new Error(`matching did not finish in time: ${seen.size} alert pushes seen, ${alerts} alerts projected, import ${JSON.stringify(imported.map((d) => [d.status, d.alert_count, d.matched_count]))}, matched push ${String(matchedAt)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    socket.disconnect();
    const latencies = [...seen.values()].map((ms) => ms - t0).sort((a, b) => a - b);
    const matchedMs = matchedAt - t0;
    if (seen.size !== floorMatches) throw new Error(`${seen.size} alerts, but the baseline found ${floorMatches} matches`);
    return {
      recordings,
      protected: protectedCount,
      alerts: seen.size,
      uploadAnsweredMs: Math.round(uploadAnsweredMs),
      matchedMs: Math.round(matchedMs),
      recordingsPerSecond: Math.round((recordings * 1000) / matchedMs),
      baselinePerSecond,
      alertP50Ms: Math.round(quantile(latencies, 0.5)),
      alertP99Ms: Math.round(quantile(latencies, 0.99)),
    };
  } finally {
    await t.close();
  }
};

export const printEquityMatchingBench = async (options: Parameters<typeof benchEquityMatching>[0] = {}) => {
  const f = await benchEquityMatching(options);
  console.log(`\nEquity Protect title monitoring (embedded profile): ${f.recordings.toLocaleString('en-US')} recordings against ${f.protected.toLocaleString('en-US')} protected properties, ${f.alerts} alerts`);
  console.log(`  upload answered (parsed, checked, kept): ${f.uploadAnsweredMs} ms`);
  console.log(`  upload → matched: ${f.matchedMs} ms = ${f.recordingsPerSecond.toLocaleString('en-US')} recordings/s (baseline parse+check+lookup loop: ${f.baselinePerSecond.toLocaleString('en-US')}/s, ratio ${(f.baselinePerSecond / f.recordingsPerSecond).toFixed(1)}×)`);
  console.log(`  upload → alert pushed live: p50 ${f.alertP50Ms} ms, p99 ${f.alertP99Ms} ms (${(f.alertP99Ms / f.uploadAnsweredMs).toFixed(1)}× the upload's own answer)`);
  return f;
};
