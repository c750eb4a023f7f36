import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openLoop } from './open-loop.ts';
import { startScript } from './processes.ts';

const body = JSON.stringify({ data_id: 'bench', page_name: 'home', interaction_type: 'click', button_name: 'Sign In', user_id: null });
const headers = { 'content-type': 'application/json', 'user-location': JSON.stringify({ latitude: 37.77, longitude: -122.42 }) };

const TRIALS = 3;

/** The trial with the median p99 (its other figures come with it). */
const median = (runs: IngestFigures[]): IngestFigures => {
  const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no trial ran');
  return middle;
};

export interface IngestFigures {
  target: string;
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const storeUrl = (port: number) => `http://127.0.0.1:${port}/api/v1/user-interaction/store`;

/** A fixed rate, offered open-loop (even schedule, latency from the due time): see open-loop.ts. */
const atRate = async (target: string, port: number, rate: number, seconds: number): Promise<IngestFigures> => {
  const r = await openLoop({ url: storeUrl(port), body, headers, rate, seconds });
  return { target, rate, achieved: r.achieved, p50: r.p50, p99: r.p99, errors: r.failed, non2xx: 0 };
};

/** Full speed: autocannon, 50 connections, as fast as the server answers. */
const atFullSpeed = async (target: string, port: number, seconds: number): Promise<IngestFigures> => {
  const rate = 0;
  const result = await autocannon({
    url: storeUrl(port),
    method: 'POST',
    headers,
    body,
    connections: 50,
    duration: seconds,
  });
  return {
    target,
    rate,
    achieved: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

/** Interaction ingest at a fixed rate and at full speed, beside a bare Fastify route measured in the same run. */
export const benchIngest = async ({ rate = 1000, seconds = 10 } = {}): Promise<IngestFigures[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-'));
  const bare = await startScript('bench/bare-server.ts', {});
  const app = await startScript('services/src/main.ts', {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    INTERACTION_RATE_LIMIT_PER_MINUTE: '0', // one load generator is one client address
    WEB_DIST_DIR: join(dataDir, 'none'),
  });
  try {
    const targets = [['bare Fastify route', bare.port], ['interaction store', app.port]] as const;
    for (const [name, port] of targets) await atRate(name, port, 200, 2); // warm-up
    // The median p99 of three fixed-rate runs, alternating the targets so both see the same machine.
    const trials = new Map<string, IngestFigures[]>();
    for (let trial = 0; trial < TRIALS; trial += 1) {
      for (const [name, port] of targets) trials.set(name, [...(trials.get(name) ?? []), await atRate(name, port, rate, seconds)]);
    }
    const figures: IngestFigures[] = [];
    for (const [name, port] of targets) {
      figures.push(median(trials.get(name) ?? []));
      figures.push(await atFullSpeed(name, port, seconds));
    }
    return figures;
  } finally {
    await Promise.all([bare.stop(), app.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
};
