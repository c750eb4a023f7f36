import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { loadConfig } from '../platform/config/load.ts';
import { openAdapters } from '../composition/open-adapters.ts';
import { allProjections, MODULES } from '../composition/modules.ts';
import { replayReadModels, type Replayed } from './replay-read-models.ts';
import { positionAsOf, UntilDate } from './replay-as-of.ts';
import { dropNamespace, listNamespaces, NamespaceName, openNamespace } from './replay-namespace.ts';

const usage = `Rebuilds read models from the event log. Runs no reaction: nothing is sent again.

  npm run replay -- --all                 every projection, in place, from event position 0
  npm run replay -- --projection NAME     one projection (repeatable)
  npm run replay -- --list                the projection names

  As of a time, into a separate namespace (the live read models and their checkpoints are never touched, and the
  app may keep running):
  npm run replay -- --all|--projection NAME --until DATE [--namespace NAME]
      DATE: YYYY-MM-DD (the end of that day UTC) or an ISO 8601 instant (2026-03-01T12:00:00Z)
      NAME: lower-case letters, digits and hyphens (default asof-<the instant>); SQLite: DATA_DIR/replay-NAME.db,
      MongoDB: collections replay_NAME__<collection>
  npm run replay -- --all --namespace NAME  the whole log into a namespace
  npm run replay -- --list-namespaces
  npm run replay -- --drop-namespace NAME

In place (no --until, no --namespace), stop the app first in the embedded profile (one writer per SQLite file).`;

const Args = z
  .object({
    all: z.boolean(),
    projection: z.array(z.string().min(1)).default([]),
    until: UntilDate.optional(),
    namespace: NamespaceName.optional(),
  })
  .refine((a) => a.all || a.projection.length > 0, { message: `Say what to replay (--all or --projection NAME).\n\n${usage}` })
  .refine((a) => !(a.all && a.projection.length > 0), { message: 'Give --all or --projection, not both' });

const rate = (events: number, ms: number) => (ms > 0 ? Math.round((events / ms) * 1000) : events);
const report = ({ projection, events, ms }: Replayed) => console.log(`${projection}: ${events} events in ${ms.toFixed(0)} ms (${rate(events, ms)} events/s)`);
const summary = (replayed: readonly Replayed[]) => {
  const totalEvents = replayed.reduce((sum, r) => sum + r.events, 0);
  const totalMs = replayed.reduce((sum, r) => sum + r.ms, 0);
  console.log(`replayed ${replayed.length} projection(s): ${totalEvents} events in ${totalMs.toFixed(0)} ms (${rate(totalEvents, totalMs)} events/s)`);
};

/** `asof-20260301t120000z`: the default namespace of an instant. */
const defaultNamespace = (untilMs: number) => `asof-${new Date(untilMs).toISOString().replace(/\.\d{3}Z$/, 'z').replace(/[-:]/g, '').toLowerCase()}`;

const fail = (error: z.ZodError) => {
  throw new Error(error.issues.map((i) => i.message).join('\n'));
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      all: { type: 'boolean', default: false },
      projection: { type: 'string', multiple: true },
      list: { type: 'boolean', default: false },
      until: { type: 'string' },
      namespace: { type: 'string' },
      'list-namespaces': { type: 'boolean', default: false },
      'drop-namespace': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return console.log(usage);
  if (values.list) return console.log(allProjections().map((p) => p.name).join('\n'));
  if (values['list-namespaces']) {
    const names = await listNamespaces(loadConfig());
    return console.log(names.length > 0 ? names.join('\n') : 'no namespace');
  }
  if (values['drop-namespace'] !== undefined) {
    const name = NamespaceName.safeParse(values['drop-namespace']);
    if (!name.success) return fail(name.error);
    const dropped = await dropNamespace(loadConfig(), name.data);
    if (!dropped) throw new Error(`No namespace ${name.data} (npm run replay -- --list-namespaces)`);
    return console.log(`dropped namespace ${name.data}`);
  }
  const parsed = Args.safeParse(values);
  if (!parsed.success) return fail(parsed.error);
  const args = parsed.data;
  const names = args.all ? 'all' : args.projection;
  const config = loadConfig();

  if (args.until === undefined && args.namespace === undefined) {
    const adapters = await openAdapters(config, pino({ level: 'warn' }));
    try {
      // Read models only: replayReadModels is given no bus and no jobs, so no reaction runs and no email goes out again.
      summary(await replayReadModels(adapters, MODULES, names, report));
    } finally {
      await adapters.close();
    }
    return;
  }

  const namespace = args.namespace ?? defaultNamespace(args.until ?? Date.now());
  const target = await openNamespace(config, namespace);
  try {
    const untilPosition = args.until === undefined ? await target.eventStore.headPosition() : await positionAsOf(target.eventStore, args.until);
    const asOf = args.until === undefined ? 'the whole log' : `the log as of ${new Date(args.until).toISOString()}`;
    console.log(`namespace ${namespace} (${target.where}): ${asOf}, events up to position ${untilPosition}`);
    // Only the namespace's store is written; no bus, no jobs: no reaction runs.
    summary(await replayReadModels(target, MODULES, names, report, { untilPosition }));
  } finally {
    await target.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
