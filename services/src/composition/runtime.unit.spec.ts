import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config/load.ts';
import type { EventBus, Subscription } from '../platform/event-bus/port.ts';
import type { Module, Platform } from '../platform/module.ts';
import type { Projection } from '../platform/projections/port.ts';
import type { Adapters } from './adapters.ts';
import { startBackground, workerConcurrency } from './runtime.ts';

const projection = (name: string): Projection => ({
  name,
  collection: name,
  handles: [`${name}Happened`],
  documentId: (event) => event.stream,
  evolve: (doc) => doc,
});

const modules: Module[] = [
  { name: 'alpha', projections: [projection('a1'), projection('a2')] },
  { name: 'beta', projections: [projection('b1')] },
];

/** A bus whose subscriptions answer only once all `expected` have been asked for, or fail after `giveUpMs`. */
const barrierBus = (expected: number, failing: string | null = null, giveUpMs = 2000) => {
  const asked: string[] = [];
  const stopped: string[] = [];
  const waiting: (() => void)[] = [];
  const subscribeBatches: EventBus['subscribeBatches'] = ({ group }) =>
    new Promise<Subscription>((resolve, reject) => {
      asked.push(group);
      const timer = setTimeout(() => reject(new Error(`only ${asked.length} of ${expected} subscriptions asked for: started one at a time`)), giveUpMs);
      waiting.push(() => {
        clearTimeout(timer);
        if (group === failing) reject(new Error(`${group} could not join`));
        else resolve({ stop: async () => void stopped.push(group) });
      });
      if (asked.length === expected) for (const release of waiting.splice(0)) release();
    });
  const bus: EventBus = { subscribeBatches, subscribe: (options) => subscribeBatches(options, async () => {}), close: async () => {} };
  return { bus, asked, stopped };
};

const platformOn = (bus: EventBus): Platform =>
  // Only what startBackground touches for ROLE=projector; the rest of the platform is not needed here.
  ({
    config: loadConfig({ ROLE: 'projector' }),
    log: pino({ level: 'silent' }),
    bus,
    projections: { apply: async () => [], checkpoint: async () => 0, reset: async () => {} },
    documents: { ensureIndexes: async () => {} },
    operations: { projectionsRunning: () => undefined },
    // each projection's push reads through its module's scoped platform, which wraps the store; the events feed starts at the head
    eventStore: { headPosition: async () => 0, onAppended: () => () => {} },
  }) as unknown as Platform;

const adapters = {} as Adapters; // no relay in this test

describe('startBackground on the projector role', () => {
  it('starts every projection at once (on Kafka each group takes seconds to join)', async () => {
    const { bus, asked, stopped } = barrierBus(3);
    const background = await startBackground(platformOn(bus), adapters, modules);
    expect(asked.sort()).toEqual(['projection:a1', 'projection:a2', 'projection:b1']);
    await background.stop();
    expect(stopped.sort()).toEqual(['projection:a1', 'projection:a2', 'projection:b1']);
  });

  it('a projection that cannot start fails the start, and the others that started are stopped', async () => {
    const { bus, stopped } = barrierBus(3, 'projection:a2');
    await expect(startBackground(platformOn(bus), adapters, modules)).rejects.toThrow(/projection:a2 could not join/);
    expect(stopped.sort()).toEqual(['projection:a1', 'projection:b1']);
  });
});

describe('workerConcurrency', () => {
  it('scales a queue that runs several jobs at once (8x distributed, 1x embedded, or JOBS_CONCURRENCY_SCALE); a queue of one stays one', () => {
    expect(workerConcurrency({ MODE: 'distributed', JOBS_CONCURRENCY_SCALE: undefined }, 4)).toBe(32);
    expect(workerConcurrency({ MODE: 'embedded', JOBS_CONCURRENCY_SCALE: undefined }, 4)).toBe(4);
    expect(workerConcurrency({ MODE: 'embedded', JOBS_CONCURRENCY_SCALE: 3 }, 2)).toBe(6);
    expect(workerConcurrency({ MODE: 'distributed', JOBS_CONCURRENCY_SCALE: 16 }, 1)).toBe(1);
    expect(workerConcurrency({ MODE: 'distributed', JOBS_CONCURRENCY_SCALE: undefined })).toBe(1);
  });
});
