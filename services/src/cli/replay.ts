import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../platform/config/load.ts';
import { replayProjection } from '../platform/projections/runner.ts';
import { openAdapters } from '../composition/open-adapters.ts';
import { allProjections } from '../composition/modules.ts';

const usage = `Rebuilds read models from event position 0.

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
  const wanted = values.all ? projections : projections.filter((p) => values.projection?.includes(p.name));
  const unknown = (values.projection ?? []).filter((name) => !projections.some((p) => p.name === name));
  if (unknown.length > 0) throw new Error(`Unknown projection: ${unknown.join(', ')}. Known: ${projections.map((p) => p.name).join(', ')}`);
  if (wanted.length === 0) throw new Error(`Say what to replay.\n\n${usage}`);

  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const adapters = await openAdapters(config, log);
  try {
    let totalEvents = 0;
    let totalMs = 0;
    for (const projection of wanted) {
      const { events, ms } = await replayProjection({ eventStore: adapters.eventStore, store: adapters.projections, projection });
      totalEvents += events;
      totalMs += ms;
      const rate = ms > 0 ? Math.round((events / ms) * 1000) : events;
      console.log(`${projection.name}: ${events} events in ${ms.toFixed(0)} ms (${rate} events/s)`);
    }
    const rate = totalMs > 0 ? Math.round((totalEvents / totalMs) * 1000) : totalEvents;
    console.log(`replayed ${wanted.length} projection(s): ${totalEvents} events in ${totalMs.toFixed(0)} ms (${rate} events/s)`);
  } finally {
    await adapters.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
