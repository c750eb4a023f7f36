import type { Logger } from 'pino';
import { createUuidV7 } from '../platform/ids/uuid-v7.ts';
import type { Config } from '../platform/config/schema.ts';
import type { Subscription } from '../platform/event-bus/port.ts';
import type { Worker } from '../platform/jobs/port.ts';
import type { Module, Platform } from '../platform/module.ts';
import type { Realtime } from '../platform/realtime/port.ts';
import type { TokenService } from '../platform/auth/port.ts';
import { ensureProjectionIndexes, runProjection } from '../platform/projections/runner.ts';
import type { Adapters } from './adapters.ts';

export const createPlatform = (config: Config, log: Logger, adapters: Adapters, tokens: TokenService, realtime: Realtime): Platform => ({
  config,
  log,
  eventStore: adapters.eventStore,
  bus: adapters.bus,
  documents: adapters.documents,
  projections: adapters.projections,
  jobs: adapters.jobs,
  mailer: adapters.mailer,
  sms: adapters.sms,
  tokens,
  realtime,
  devOutbox: adapters.devOutbox,
  clock: () => new Date(),
  newId: createUuidV7(),
});

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
      for (const module of modules) {
        for (const projection of module.projections ?? []) {
          await ensureProjectionIndexes(platform.documents, projection);
          subscriptions.push(
            await runProjection({
              bus: platform.bus,
              store: platform.projections,
              projection,
              log: log.child({ projection: projection.name }),
              afterApply: module.afterProjection ? (p, applied) => module.afterProjection?.(platform, p, applied) : undefined,
            }),
          );
        }
      }
    }
    if (runs(config, 'worker')) {
      for (const module of modules) {
        for (const reaction of module.reactions ?? []) {
          subscriptions.push(
            await platform.bus.subscribe({ group: `reaction:${reaction.name}`, types: reaction.handles }, (event) =>
              reaction.react(event, platform),
            ),
          );
        }
        for (const worker of module.workers ?? []) {
          workers.push(await platform.jobs.work(worker.queue, worker.processor(platform), { concurrency: worker.concurrency ?? 1 }));
        }
      }
    }
  } catch (error) {
    // What started before the failure must not keep running (the caller has nothing to stop yet).
    await stop().catch((stopError: unknown) => log.error({ err: stopError }, 'could not stop what had started'));
    throw error;
  }
  /** Stops consumers first (no new work), then waits for jobs in hand. */
  return { stop };
};
