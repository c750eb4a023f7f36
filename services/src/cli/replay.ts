import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../platform/config/load.ts';
import { openAdapters } from '../composition/open-adapters.ts';
import { allProjections, MODULES } from '../composition/modules.ts';
import { replayReadModels } from './replay-read-models.ts';

const usage = `Rebuilds read models from event position 0. Runs no reaction: nothing is sent again.

  npm run replay -- --all                 every projection
  npm run replay -- --projection NAME     one projection (repeatable)
  npm run replay -- --list                the projection names

Stop the app first in the embedded profile (one writer per SQLite file).`;

const main = async () => {
  const { values } = parseArgs({
    options: {
      all: { type: 'boolean', default: false },
      projection: { type: 'string', multiple: true },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const projections = allProjections();
  if (values.help) return console.log(usage);
  if (values.list) return console.log(projections.map((p) => p.name).join('\n'));
  if (!values.all && (values.projection ?? []).length === 0) throw new Error(`Say what to replay.\n\n${usage}`);

  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const adapters = await openAdapters(config, log);
  try {
    const rate = (events: number, ms: number) => (ms > 0 ? Math.round((events / ms) * 1000) : events);
    // Read models only: replayReadModels is given no bus and no jobs, so no reaction runs and no email goes out again.
    const replayed = await replayReadModels(adapters, MODULES, values.all ? 'all' : (values.projection ?? []), ({ projection, events, ms }) =>
      console.log(`${projection}: ${events} events in ${ms.toFixed(0)} ms (${rate(events, ms)} events/s)`),
    );
    const totalEvents = replayed.reduce((sum, r) => sum + r.events, 0);
    const totalMs = replayed.reduce((sum, r) => sum + r.ms, 0);
    console.log(`replayed ${replayed.length} projection(s): ${totalEvents} events in ${totalMs.toFixed(0)} ms (${rate(totalEvents, totalMs)} events/s)`);
  } finally {
    await adapters.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
