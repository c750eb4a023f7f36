import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledPropertyData } from '../services/src/platform/property-data/bundled.ts';
import type { PropertyRecord } from '../services/src/platform/property-data/port.ts';
import { loadSampleDataset } from '../services/src/platform/property-data/sample-data/dataset.ts';
import { startScript } from './processes.ts';

/**
 * Autocomplete per keystroke: every prefix of 60 sample addresses ("12", "123", "1234", "1234 ", "1234 O" ...) and
 * APNs, asked one after another as a user types. Two comparisons in one run:
 * - in process: the bundled adapter's prefix index beside a linear scan of every record (the baseline);
 * - over HTTP: GET /api/v1/properties/search of the app as `npm start` runs it beside a bare Fastify route that
 *   answers a canned page (the baseline: what HTTP alone costs on this machine).
 */
export interface Timing {
  mean: number;
  p50: number;
  p99: number;
  count: number;
}

const summarize = (ms: number[]): Timing => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { mean: ms.reduce((a, b) => a + b, 0) / Math.max(ms.length, 1), p50: at(0.5), p99: at(0.99), count: ms.length };
};

/** The keystrokes of typing each sample address with its city, then its APN (from the second character on). */
export const keystrokes = (records: readonly PropertyRecord[], samples = 60): string[] => {
  const step = Math.max(1, Math.floor(records.length / samples));
  const out: string[] = [];
  for (let i = 0; i < records.length && out.length < samples * 40; i += step) {
    const r = records[i] as PropertyRecord;
    const typed = `${r.address_line}, ${r.city}`;
    for (let n = 2; n <= typed.length; n++) out.push(typed.slice(0, n));
    for (let n = 3; n <= r.apn.length; n++) out.push(r.apn.slice(0, n));
  }
  return out;
};

const normalize = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, ' ').replace(/\s+/g, ' ').trim();

export const benchInProcess = async (rounds = 20) => {
  const data = bundledPropertyData();
  const records = loadSampleDataset().properties;
  const typed = keystrokes(records);
  // Baseline: the same records as normalized strings, scanned in full for each keystroke.
  const rows = records.map((r) => ({ r, address: normalize(`${r.address_line} ${r.city} ca ${r.zip}`), apn: r.apn.replace(/\D/g, '') }));
  const linear = (q: string) => {
    const nq = normalize(q);
    const dq = q.replace(/\D/g, '');
    const found: PropertyRecord[] = [];
    for (const row of rows) {
      if (found.length >= 8) break;
      if (row.address.startsWith(nq) || (dq.length > 0 && /^[\d\s\-/]+$/.test(q) && row.apn.startsWith(dq))) found.push(row.r);
    }
    return found;
  };
  const index: number[] = [];
  const scan: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const q of typed) {
      let t = performance.now();
      await data.search(q, 8);
      index.push(performance.now() - t);
      t = performance.now();
      linear(q);
      scan.push(performance.now() - t);
    }
  }
  return { records: records.length, keystrokes: typed.length, index: summarize(index), scan: summarize(scan) };
};

const timeRequests = async (port: number, typed: readonly string[]): Promise<number[]> => {
  const ms: number[] = [];
  for (const q of typed) {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/properties/search?q=${encodeURIComponent(q)}&limit=8`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`search answered ${res.status} for "${q}"`);
    ms.push(performance.now() - t);
  }
  return ms;
};

export const benchHttp = async (rounds = 3) => {
  const typed = keystrokes(loadSampleDataset().properties);
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-autocomplete-'));
  const app = await startScript('services/src/main.ts', {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PROPERTY_SEARCH_RATE_LIMIT_PER_MINUTE: '0',
    WEB_DIST_DIR: join(dataDir, 'none'),
  });
  const bare = await startScript('bench/bare-search-server.ts', {});
  try {
    await timeRequests(app.port, typed.slice(0, 200)); // warm-up of both (JIT, connections)
    await timeRequests(bare.port, typed.slice(0, 200));
    const appMs: number[] = [];
    const bareMs: number[] = [];
    // Interleaved rounds, so a burst of load on the machine falls on both.
    for (let round = 0; round < rounds; round++) {
      bareMs.push(...(await timeRequests(bare.port, typed)));
      appMs.push(...(await timeRequests(app.port, typed)));
    }
    return { keystrokes: typed.length, app: summarize(appMs), bare: summarize(bareMs) };
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const f = (n: number) => n.toFixed(3).padStart(8);
const row = (name: string, t: Timing) => `${name.padEnd(44)} | ${f(t.mean)} | ${f(t.p50)} | ${f(t.p99)} | ${String(t.count).padStart(7)}`;
const header = `${'ms per keystroke'.padEnd(44)} |     mean |      p50 |      p99 | queries`;

export const printAutocompleteBench = async () => {
  const local = await benchInProcess();
  console.log(`\nAddress autocomplete, in process: ${local.keystrokes} keystrokes over ${local.records} sample properties, 20 rounds`);
  console.log(header);
  console.log(row('bundled adapter (prefix index)', local.index));
  console.log(row('baseline: linear scan of every record', local.scan));
  console.log(`ratio mean (scan / index): ${(local.scan.mean / Math.max(local.index.mean, 1e-6)).toFixed(1)}`);

  const http = await benchHttp();
  console.log(`\nAddress autocomplete over HTTP: ${http.keystrokes} keystrokes typed one after another, 3 rounds per server`);
  console.log(header);
  console.log(row('GET /api/v1/properties/search (npm start)', http.app));
  console.log(row('baseline: bare Fastify route, canned answer', http.bare));
  console.log(`difference mean (app - bare): ${(http.app.mean - http.bare.mean).toFixed(3)} ms per keystroke  (goal: a few ms at most)`);
};

if (process.argv[1] === import.meta.filename) await printAutocompleteBench();
