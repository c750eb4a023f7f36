import { parseArgs } from 'node:util';
import { benchIngest, type IngestFigures } from './ingest.ts';
import { benchReplay } from './replay.ts';
import { printAutocompleteBench } from './autocomplete.ts';
import { printNhdWatchBench } from './nhd-watch.ts';
import { printNhdReportPdfBench } from './nhd-report-pdf.ts';
import { printEquityMatchingBench } from './equity-matching.ts';
import { printPaymentWatchBench } from './payment-watch.ts';
import { WATCH_TARGETS, type WatchTarget } from './watch.ts';
import { printPublicSiteBench, PUBLIC_PAGES } from './public-site.ts';

/**
 * `npm run bench [-- --rate 5000 --seconds 5 --trials 3 --events 100000 --watchers 1000 --payment-rates 100,250
 *   --nhd-rates 25,50 --watch-targets bare,embedded,distributed,three-process --reports 200
 *   --recordings 100000 --protected 10000
 *   --only ingest|replay|autocomplete|payments|nhd|nhd-pdf|equity|public-site] [--baseline-dist dir]`: prints the figures the README quotes. Loopback only.
 */
const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '5' },
    trials: { type: 'string', default: '3' },
    events: { type: 'string', default: '100000' },
    watchers: { type: 'string', default: '1000' },
    'payment-rates': { type: 'string', default: '100,250' },
    'nhd-rates': { type: 'string', default: '25,50' },
    'watch-targets': { type: 'string', default: WATCH_TARGETS.join(',') },
    reports: { type: 'string', default: '200' },
    recordings: { type: 'string', default: '100000' },
    protected: { type: 'string', default: '10000' },
    only: { type: 'string' },
    'baseline-dist': { type: 'string' },
  },
});

const ONLY = ['ingest', 'replay', 'autocomplete', 'payments', 'nhd', 'nhd-pdf', 'equity', 'public-site'];
if (values.only && !ONLY.includes(values.only)) throw new Error(`--only must be one of ${ONLY.join(', ')}, not ${values.only}`);

const row = (r: IngestFigures) =>
  `${r.target.padEnd(20)} | ${String(r.rate || 'max').padStart(13)} | ${String(r.achieved).padStart(14)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.cpuUsPerRequest ?? '-').padStart(10)} | ${String(r.errors).padStart(6)} | ${String(r.non2xx).padStart(7)}`;
const header = 'target               | offered req/s | achieved req/s | p50 ms | p99 ms | CPU µs/req | errors | non-2xx';

if (!values.only || values.only === 'ingest') {
  const rate = Number(values.rate);
  const { bare, store, trials } = await benchIngest({ rate, seconds: Number(values.seconds), trials: Number(values.trials) });
  console.log(
    `\nInteraction ingest (POST /api/v1/user-interaction/store, the app as npm start runs it) beside a bare Fastify route;` +
      ` ${values.trials} rounds of ${values.seconds} s per target and load: open-loop at ${rate} req/s, then full speed (autocannon, 50 connections)`,
  );
  console.log(header);
  for (const r of trials) console.log(row(r));
  const throughput = store.max.achieved / Math.max(bare.max.achieved, 1);
  const p99 = store.fixed.p99 / Math.max(bare.fixed.p99, 0.1);
  console.log(`\nmedian trials:`);
  console.log(header);
  for (const r of [bare.fixed, store.fixed, bare.max, store.max]) console.log(row(r));
  console.log(`ratio full-speed throughput (store / bare): ${throughput.toFixed(2)}  (goal: at least 0.5)`);
  console.log(`ratio p99 at ${rate} req/s (store / bare): ${p99.toFixed(2)}  (goal: at most 2)`);
  if (bare.max.cpuUsPerRequest && store.max.cpuUsPerRequest) {
    // What the server spends per request does not move with the machine's load the way req/s and p99 do.
    console.log(`ratio CPU per request at full speed (bare / store): ${(bare.max.cpuUsPerRequest / store.max.cpuUsPerRequest).toFixed(2)}  (the throughput ratio when the server's CPU is the limit)`);
  }
  const failed = trials.reduce((n, r) => n + r.errors + r.non2xx, 0);
  if (failed > 0) console.log(`WARNING: ${failed} requests failed or answered non-2xx; the figures above do not count them`);
}
if (!values.only || values.only === 'replay') {
  const r = await benchReplay({ count: Number(values.events) });
  console.log(`\nReplay of the interactions read model over ${r.events} events`);
  console.log(`plain read of the log: ${r.readPerSecond} events/s (${r.readMs.toFixed(0)} ms)`);
  console.log(`replay (read + evolve + write + checkpoint): ${r.replayPerSecond} events/s (${r.replayMs.toFixed(0)} ms)`);
  console.log(`ratio (replay / plain read): ${(r.replayPerSecond / r.readPerSecond).toFixed(2)}`);
}
if (!values.only || values.only === 'autocomplete') await printAutocompleteBench();
const watchTargets = (): WatchTarget[] => {
  const only = values['watch-targets'].split(',');
  const unknown = only.filter((name) => !(WATCH_TARGETS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`--watch-targets takes ${WATCH_TARGETS.join(', ')}, not ${unknown.join(', ')}`);
  return only as WatchTarget[];
};
const rates = (text: string) => text.split(',').map(Number);
if (!values.only || values.only === 'payments') {
  await printPaymentWatchBench({ watchers: Number(values.watchers), rates: rates(values['payment-rates']), only: watchTargets() });
}
if (!values.only || values.only === 'nhd') {
  await printNhdWatchBench({ watchers: Number(values.watchers), rates: rates(values['nhd-rates']), only: watchTargets() });
}
if (!values.only || values.only === 'nhd-pdf') await printNhdReportPdfBench({ reports: Number(values.reports) });
if (!values.only || values.only === 'equity') await printEquityMatchingBench({ recordings: Number(values.recordings), protectedCount: Number(values.protected) });
if (!values.only || values.only === 'public-site') {
  await printPublicSiteBench({ trials: Number(values.trials), pages: PUBLIC_PAGES, baselineDist: values['baseline-dist'] });
}
