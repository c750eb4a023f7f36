import type { Logger } from 'pino';
import { createUuidV7 } from '../platform/ids/uuid-v7.ts';
import type { Config } from '../platform/config/schema.ts';
import type { Subscription } from '../platform/event-bus/port.ts';
import type { Worker } from '../platform/jobs/port.ts';
import type { Module, Platform } from '../platform/module.ts';
import type { Realtime } from '../platform/realtime/port.ts';
import type { TokenService } from '../platform/auth/port.ts';
import { caughtUpWith } from '../platform/projections/caught-up.ts';
import { ensureProjectionIndexes, runProjection } from '../platform/projections/runner.ts';
import { startReactions } from '../platform/reactions/start.ts';
import { SCHEDULES_QUEUE, startSchedules } from '../platform/schedules/start.ts';
import { createOperations } from '../platform/operations/operations.ts';
import { createTemplateRegistry } from '../platform/templates/registry.ts';
import { emailLayout } from '../platform/templates/layout.ts';
import { storedTemplateOverrides } from '../modules/notifications/module.ts';
import type { Adapters } from './adapters.ts';
import { scopedPlatform } from './module-data.ts';
import { startEventsFeed } from '../platform/event-log/live.ts';
import { moduleStreamsOnly } from './module-streams.ts';

/** A queue's jobs at once in this process: its declared concurrency times `JOBS_CONCURRENCY_SCALE` (one stays one). */
export const workerConcurrency = (config: Pick<Config, 'MODE' | 'JOBS_CONCURRENCY_SCALE'>, declared = 1): number =>
  declared <= 1 ? 1 : declared * (config.JOBS_CONCURRENCY_SCALE ?? (config.MODE === 'distributed' ? 8 : 1));

export const createPlatform = (
  config: Config,
  log: Logger,
  adapters: Adapters,
  tokens: TokenService,
  realtime: Realtime,
  modules: readonly Module[],
): Platform => ({
  config,
  log,
  // Modules append only to streams named after themselves, with the event types they declare (one topic each).
  eventStore: moduleStreamsOnly(adapters.eventStore, modules),
  bus: adapters.bus,
  documents: adapters.documents,
  projections: adapters.projections,
  jobs: adapters.jobs,
  mailer: adapters.mailer,
  sms: adapters.sms,
  files: adapters.files,
  counters: adapters.counters,
  tokens,
  realtime,
  devOutbox: adapters.devOutbox,
  // Refuses at start, naming each problem, a template that cannot render its sample.
  templates: createTemplateRegistry(
    modules.flatMap((m) => m.templates ?? []),
    {
      log,
      // Super Admins' edits (the notifications module's read model), read at every render on every role: the next
      // message after a save uses it, without a restart.
      overrides: storedTemplateOverrides(adapters.documents),
      // Every email's HTML inside the one mail-client-safe layout (templates hold only the body).
      layout: emailLayout({ company: 'ACPG', siteUrl: config.PUBLIC_URL }),
    },
  ),
  caughtUp: caughtUpWith(adapters.eventStore, adapters.projections),
  operations: createOperations({
    eventStore: adapters.eventStore,
    projectionStore: adapters.projections,
    bus: adapters.bus,
    projections: modules.flatMap((m) => m.projections ?? []),
    reactions: modules.flatMap((m) => m.reactions ?? []),
    queues: [...modules.flatMap((m) => (m.workers ?? []).map((w) => w.queue)), ...(modules.some((m) => m.schedules?.length) ? [SCHEDULES_QUEUE] : [])],
    checks: adapters.readiness,
    runsProjections: runs(config, 'projector'),
  }),
  clock: () => new Date(),
  newId: createUuidV7(),
});

/** Waits for every subscription; those that started join `into` (so a failure stops them too); rethrows the first failure. */
const allStarted = async (starting: readonly Promise<Subscription>[], into: Subscription[]): Promise<void> => {
  const results = await Promise.allSettled(starting);
  for (const result of results) if (result.status === 'fulfilled') into.push(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
};

const runs = (config: Config, part: 'api' | 'projector' | 'worker') => config.ROLE === 'all' || config.ROLE === part;

/**
 * Starts what this process's ROLE runs: seeds (api), projections and the outbox relay (projector),
 * reactions and job workers (worker). ROLE=all runs everything in one process.
 */
export const startBackground = async (platform: Platform, adapters: Adapters, modules: readonly Module[]) => {
  const { config, log } = platform;
  const subscriptions: Subscription[] = [];
  const workers: Worker[] = [];
  const stoppers: { stop(): Promise<void> }[] = [];

  const stop = async () => {
    platform.operations.projectionsRunning(false);
    await Promise.all(subscriptions.map((s) => s.stop()));
    await Promise.all(stoppers.map((s) => s.stop()));
    await Promise.all(workers.map((w) => w.close()));
  };
  try {
    if (runs(config, 'api')) {
      for (const module of modules) await module.seed?.(platform);
    }
    if (runs(config, 'projector')) {
      if (adapters.startRelay) stoppers.push(adapters.startRelay());
      stoppers.push(startEventsFeed(platform));
      const owned = modules.flatMap((module) => (module.projections ?? []).map((projection) => ({ projection, reader: scopedPlatform(platform, module) })));
      for (const { projection } of owned) await ensureProjectionIndexes(platform.documents, projection);
      // Started together: a Kafka consumer group takes seconds to join, so one after another the start would grow
      // with every projection (and a restarted projector would wait out each dead member's session in turn).
      await allStarted(
        owned.map(({ projection, reader }) =>
          runProjection({
            bus: platform.bus,
            store: platform.projections,
            projection,
            reader,
            log: log.child({ projection: projection.name }),
            realtime: platform.realtime,
          }),
        ),
        subscriptions,
      );
      platform.operations.projectionsRunning(true);
    }
    if (runs(config, 'worker')) {
      // Each reaction starts at the head of the log the first time it runs (never re-sends the past).
      subscriptions.push(...(await startReactions(platform, modules.flatMap((m) => m.reactions ?? []))));
      for (const module of modules) {
        for (const worker of module.workers ?? []) {
          workers.push(await platform.jobs.work(worker.queue, worker.processor(platform), { concurrency: workerConcurrency(config, worker.concurrency) }));
        }
      }
      stoppers.push(await startSchedules(platform, modules.flatMap((m) => m.schedules ?? [])));
    }
  } catch (error) {
    // What started before the failure must not keep running (the caller has nothing to stop yet).
    await stop().catch((stopError: unknown) => log.error({ err: stopError }, 'could not stop what had started'));
    throw error;
  }
  /** Stops consumers first (no new work), then waits for jobs in hand. */
  return { stop };
};
