import { parseArgs } from 'node:util';
import { benchIngest } from './ingest.ts';
import { benchReplay } from './replay.ts';

/** `npm run bench [-- --rate 1000 --seconds 10 --events 100000]`: prints the figures the README quotes. */
const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    events: { type: 'string', default: '100000' },
    only: { type: 'string' },
  },
});

if (values.only !== 'replay') {
  const rows = await benchIngest({ rate: Number(values.rate), seconds: Number(values.seconds) });
  console.log(`\nInteraction ingest (POST /api/v1/user-interaction/store), ${values.seconds} s per run; fixed rate: open-loop, median p99 of 3 runs; max: autocannon, 50 connections`);
  console.log('target                 | offered req/s | achieved req/s | p50 ms | p99 ms | errors | non-2xx');
  for (const r of rows) {
    console.log(
      `${r.target.padEnd(22)} | ${String(r.rate || 'max').padStart(13)} | ${String(r.achieved).padStart(14)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} | ${String(r.non2xx).padStart(7)}`,
    );
  }
  const bareMax = rows.find((r) => r.target.startsWith('bare') && r.rate === 0);
  const appMax = rows.find((r) => r.target.startsWith('interaction') && r.rate === 0);
  const bareFixed = rows.find((r) => r.target.startsWith('bare') && r.rate > 0);
  const appFixed = rows.find((r) => r.target.startsWith('interaction') && r.rate > 0);
  if (bareMax && appMax && bareFixed && appFixed) {
    console.log(`ratio max throughput (store / bare): ${(appMax.achieved / bareMax.achieved).toFixed(2)}`);
    console.log(`ratio p99 at ${values.rate} req/s (store / bare): ${(appFixed.p99 / Math.max(bareFixed.p99, 1)).toFixed(2)}`);
  }
}
if (values.only !== 'ingest') {
  const r = await benchReplay({ count: Number(values.events) });
  console.log(`\nReplay of the interactions read model over ${r.events} events`);
  console.log(`plain read of the log: ${r.readPerSecond} events/s (${r.readMs.toFixed(0)} ms)`);
  console.log(`replay (read + evolve + write + checkpoint): ${r.replayPerSecond} events/s (${r.replayMs.toFixed(0)} ms)`);
  console.log(`ratio (replay / plain read): ${(r.replayPerSecond / r.readPerSecond).toFixed(2)}`);
}
