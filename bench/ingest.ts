import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { withCpuPerRequest } from './cpu-time.ts';
import { openLoop } from './open-loop.ts';
import { startScript } from './processes.ts';

export const body = JSON.stringify({ data_id: 'bench', page_name: 'home', interaction_type: 'click', button_name: 'Sign In', user_id: null });
export const headers = { 'content-type': 'application/json', 'user-location': JSON.stringify({ latitude: 37.77, longitude: -122.42 }) };

export interface IngestFigures {
  target: string;
  /** Offered req/s; 0 at full speed. */
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time (user + system, all threads) the server process spent per answered request; null off Linux. */
  cpuUsPerRequest?: number | null;
}

/** The trial with the median of `by` (its other figures come with it). */
const median = (runs: IngestFigures[], by: (r: IngestFigures) => number): IngestFigures => {
  const sorted = [...runs].sort((a, b) => by(a) - by(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no trial ran');
  return middle;
};

const storeUrl = (port: number) => `http://127.0.0.1:${port}/api/v1/user-interaction/store`;

/** A fixed rate, offered open-loop (even schedule, latency from the due time): see open-loop.ts. */
const atRate = async (target: string, port: number, rate: number, seconds: number): Promise<IngestFigures> => {
  const r = await openLoop({ url: storeUrl(port), body, headers, rate, seconds });
  return { target, rate, achieved: r.achieved, p50: r.p50, p99: r.p99, errors: r.failed, non2xx: 0 };
};

/** Full speed: autocannon, 50 connections, as fast as the server answers. */
export const atFullSpeed = async (target: string, port: number, seconds: number): Promise<IngestFigures> => {
  const result = await autocannon({ url: storeUrl(port), method: 'POST', headers, body, connections: 50, duration: seconds });
  return {
    target,
    rate: 0,
    achieved: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

/**
 * The app as `npm start` runs it: embedded profile, every module, projections and live pushes in the same process,
 * the default log level. The interaction rate limit stays on (its hook runs on every request) with a ceiling one load
 * generator, which is one client address, never reaches.
 */
export const startStore = (dataDir: string, env: Record<string, string> = {}, nodeArgs: string[] = []) =>
  startScript(
    'services/src/main.ts',
    { DATA_DIR: dataDir, HOST: '127.0.0.1', INTERACTION_RATE_LIMIT_PER_MINUTE: '1000000000', WEB_DIST_DIR: join(dataDir, 'none'), ...env },
    nodeArgs,
  );

export interface IngestResult {
  /** Median trial of each target at the fixed rate (by p99) and at full speed (by req/s). */
  bare: { fixed: IngestFigures; max: IngestFigures };
  store: { fixed: IngestFigures; max: IngestFigures };
  /** Every trial, in the order run. */
  trials: IngestFigures[];
}

/**
 * Interaction ingest beside a bare Fastify route, in one run on one machine: `trials` rounds, each measuring both
 * targets back to back (open-loop at `rate`, then full speed), so both see the same machine load.
 */
export const benchIngest = async ({ rate = 5000, seconds = 5, trials = 3 } = {}): Promise<IngestResult> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-'));
  const bare = await startScript('bench/bare-server.ts', {});
  const app = await startStore(dataDir);
  try {
    const targets = [['bare Fastify route', bare], ['interaction store', app]] as const;
    for (const [name, { port }] of targets) await atRate(name, port, Math.min(rate, 1000), 2); // warm-up (JIT, caches)
    const all: IngestFigures[] = [];
    for (let trial = 0; trial < trials; trial += 1) {
      for (const [name, { port, child }] of targets) all.push(await withCpuPerRequest(child.pid, seconds, () => atRate(name, port, rate, seconds)));
      for (const [name, { port, child }] of targets) all.push(await withCpuPerRequest(child.pid, seconds, () => atFullSpeed(name, port, seconds)));
    }
    const of = (name: string, fixed: boolean) => all.filter((r) => r.target === name && (r.rate > 0) === fixed);
    return {
      bare: { fixed: median(of(targets[0][0], true), (r) => r.p99), max: median(of(targets[0][0], false), (r) => r.achieved) },
      store: { fixed: median(of(targets[1][0], true), (r) => r.p99), max: median(of(targets[1][0], false), (r) => r.achieved) },
      trials: all,
    };
  } finally {
    await Promise.all([bare.stop(), app.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
};
