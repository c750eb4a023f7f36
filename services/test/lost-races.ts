import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EventEnvelope } from '@acpg/contracts/envelope';
import type { PaymentSucceeded } from '@acpg/contracts/payments';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import { ConcurrencyError, type EventStore } from '../src/platform/event-store/port.ts';
import { createSqliteEventStore } from '../src/platform/event-store/sqlite.ts';
import { createSqliteJobs } from '../src/platform/jobs/sqlite.ts';
import type { DeadLetter, JobProcessor } from '../src/platform/jobs/port.ts';
import type { Platform } from '../src/platform/module.ts';
import type { Reaction } from '../src/platform/reactions/port.ts';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { waitFor } from './wait-for.ts';

/** An embedded event store of its own (in-memory SQLite). */
export const memoryEventStore = (): EventStore => createSqliteEventStore(openSqlite(':memory:'));

/**
 * `store`, but its appends to `stream` lose the write race `times` times in a row: each throws the ConcurrencyError
 * the store throws when another writer appended first. `lost()` says how many were lost so far.
 */
export const losingRaces = (store: EventStore, stream: string, times: number) => {
  let left = times;
  const racing: EventStore = {
    ...store,
    append: async (target, expected, events) => {
      if (target === stream && left > 0) {
        left -= 1;
        throw new ConcurrencyError(target, expected, typeof expected === 'number' ? expected + 1 : 1);
      }
      return store.append(target, expected, events);
    },
  };
  return { store: racing, lost: () => times - left };
};

/** What a worker needs of a platform here: the store, a clock and ids (the rest is never read by these workers). */
export const workerPlatform = (eventStore: EventStore): Platform =>
  // Only eventStore, clock and newId are read by the payment and payout workers; the cast keeps the test small.
  ({ eventStore, clock: () => new Date(), newId: () => randomUUID() }) as unknown as Platform;

/** The stored envelope of an event another module published (what a reaction receives from the bus). */
export const publishedEvent = (type: string, stream: string, data: unknown): EventEnvelope => ({
  ...eventEnvelope(randomUUID(), type, data, { now: new Date(), actor: 'payments', correlationId: randomUUID() }),
  stream,
  version: 1,
  position: 1,
  schemaVersion: 1,
});

/**
 * Runs the jobs `reaction` makes of `event` on the embedded job queue (its own in-memory SQLite) with `processor`, as
 * the worker role does (same attempts; backoff shortened to milliseconds), until every job completed or went to the
 * dead letters. Answers the dead letters and how many attempts the jobs took.
 */
export const runReactionJobs = async (reaction: Reaction, event: EventEnvelope, platform: Platform, processor: JobProcessor) => {
  const jobs = createSqliteJobs(openSqlite(':memory:'), { pollMs: 5 });
  const specs = await reaction.jobs(event, platform);
  if (specs.length === 0) throw new Error(`${reaction.name} made no job of ${event.type}`);
  let attempts = 0;
  const completed = new Set<string>();
  const workers = [];
  for (const [i, spec] of specs.entries()) {
    const id = `${reaction.name}:${event.id}:${i}`;
    await jobs.enqueue(spec.queue, spec.name, spec.data, { id, attempts: spec.attempts ?? 5, backoffMs: 1 });
  }
  const queues = [...new Set(specs.map((spec) => spec.queue))];
  for (const queue of queues) {
    workers.push(
      await jobs.work(queue, async (job) => {
        attempts += 1;
        await processor(job);
        completed.add(job.id);
      }),
    );
  }
  try {
    const deadLetters = await waitFor(
      async () => {
        const dead: DeadLetter[] = (await Promise.all(queues.map((queue) => jobs.deadLetters(queue)))).flat();
        return dead.length + completed.size >= specs.length ? dead : undefined;
      },
      { timeoutMs: 10_000, what: 'every job completed or dead-lettered' },
    );
    return { deadLetters, attempts };
  } finally {
    for (const worker of workers) await worker.close();
    await jobs.close();
  }
};

/** A reaction and the worker that runs its jobs (a `defineJob` worker). */
export interface ReactionUnderTest {
  reaction: Reaction;
  worker: { processor: (platform: Platform) => JobProcessor };
}

/** Delivers `event` to the reaction's jobs on a worker platform with an empty store of its own (`runReactionJobs`). */
export const deliverOnEmptyStore = async ({ reaction, worker }: ReactionUnderTest, event: EventEnvelope) => {
  const platform = workerPlatform(memoryEventStore());
  return runReactionJobs(reaction, event, platform, worker.processor(platform));
};

/**
 * Writes the aggregate with `setUp` on a store of its own, then delivers `event` to the reaction's jobs on that store
 * where appends to `stream` lose the write race `times` times in a row (`losingRaces`). Answers the dead letters, the
 * attempts the jobs took, how many races were lost and `stream`'s events afterwards.
 */
export const deliverLosingRaces = async ({ reaction, worker }: ReactionUnderTest, stream: string, times: number, setUp: (platform: Platform) => Promise<void>, event: EventEnvelope) => {
  const plain = memoryEventStore();
  await setUp(workerPlatform(plain));
  const racing = losingRaces(plain, stream, times);
  const platform = workerPlatform(racing.store);
  const { deadLetters, attempts } = await runReactionJobs(reaction, event, platform, worker.processor(platform));
  return { deadLetters, attempts, lost: racing.lost(), history: await plain.readStream(stream) };
};

/** A `PaymentSucceeded` as the payments module publishes it: acct-1 paid with a visa 4242, a new checkout and gateway event each time; `over` says for what. */
export const paymentSucceeded = (over: Pick<PaymentSucceeded, 'amount_cents'> & Partial<PaymentSucceeded>): PaymentSucceeded => ({
  checkout_id: randomUUID(),
  account_id: 'acct-1',
  plan_id: '',
  card_brand: 'visa',
  card_last4: '4242',
  paid_at: new Date().toISOString(),
  payment_intent_id: 'pi_1',
  gateway_event_id: `evt_${randomUUID()}`,
  ...over,
});

/** What `deliverLosingRaces` answered says the jobs won in the end: every race lost, the handler's own retries spent (the job tried again), nothing dead-lettered. */
export const expectWonAfterLosing = (result: { deadLetters: readonly DeadLetter[]; attempts: number; lost: number }, times: number) => {
  expect(result.deadLetters).toEqual([]);
  expect(result.lost).toBe(times);
  expect(result.attempts).toBeGreaterThan(1);
};
