import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printProfiles } from './cpu-profile.ts';
import { atFullSpeed, startStore } from './ingest.ts';

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
  },
});
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'acpg-profile-')));
const env = Object.fromEntries(values.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-'));
try {
  const app = await startStore(dataDir, env, ['--cpu-prof', `--cpu-prof-dir=${out}`]);
  try {
    const r = await atFullSpeed('interaction store', app.port, Number(values.seconds));
    console.log(`interaction store at full speed: ${r.achieved} req/s, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`);
  } finally {
    await app.stop();
  }
  printProfiles(out, Number(values.top));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
