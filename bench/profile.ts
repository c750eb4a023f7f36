import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printProfiles } from './cpu-profile.ts';
import { withCpuPerRequest } from './cpu-time.ts';
import { atFullSpeed, startStore } from './ingest.ts';
import { startScript } from './processes.ts';

/**
 * `node bench/profile.ts [--seconds 10] [--out dir] [--env KEY=VALUE ...]`: starts the app as the bench does, under
 * `node --cpu-prof`, drives the store route at full speed, stops the app (the profile is written on exit) and prints
 * where its CPU time went: self time by package or file, and by function.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    out: { type: 'string' },
    top: { type: 'string', default: '30' },
    env: { type: 'string', multiple: true, default: [] },
    noprof: { type: 'boolean', default: false },
  },
});
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'acpg-profile-')));
const env = Object.fromEntries(values.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-'));
try {
  const seconds = Number(values.seconds);
  // CPU time per request does not depend on what else the machine runs, unlike req/s: the bare route's, for scale.
  const bare = await startScript('bench/bare-server.ts', {});
  try {
    await atFullSpeed('warm-up', bare.port, 2);
    const r = await withCpuPerRequest(bare.child.pid, seconds, () => atFullSpeed('bare Fastify route', bare.port, seconds));
    console.log(`bare Fastify route at full speed: ${r.achieved} req/s, ${r.cpuUsPerRequest} µs CPU per request`);
  } finally {
    await bare.stop();
  }
  const app = await startStore(dataDir, env, values.noprof ? [] : ['--cpu-prof', `--cpu-prof-dir=${out}`]);
  try {
    await atFullSpeed('warm-up', app.port, 2);
    const r = await withCpuPerRequest(app.child.pid, seconds, () => atFullSpeed('interaction store', app.port, seconds));
    console.log(`interaction store at full speed: ${r.achieved} req/s, ${r.cpuUsPerRequest} µs CPU per request (profiling adds some), p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`);
  } finally {
    await app.stop();
  }
  if (!values.noprof) printProfiles(out, Number(values.top));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
