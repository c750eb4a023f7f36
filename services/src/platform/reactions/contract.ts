import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus, Subscription } from '../event-bus/port.ts';
import type { EventStore, StoredEvent } from '../event-store/port.ts';
import { eventually } from '../jobs/contract.ts';
import type { JobRecord, Jobs } from '../jobs/port.ts';
import type { Platform } from '../module.ts';
import type { Reaction, ReactionJob } from './port.ts';
import { reactionGroup, reactionJobId, startReactions } from './start.ts';

export interface ReactionsFixture {
  store: EventStore;
  bus: EventBus;
  jobs: Jobs;
  /** Moves a group's checkpoint back to `position`: what a crash between handling and checkpointing leaves. */
  rewind(group: string, position: number): Promise<void>;
  cleanup(): Promise<void>;
}

/** A reaction that records the events it was handed and makes one job of each on `queue`. */
const recordingReaction = (queue: string, job: Partial<ReactionJob> = {}) => {
  const handed: StoredEvent[] = [];
  const reaction: Reaction = {
    name: `test.reaction-${randomUUID().slice(0, 8)}`,
    handles: ['ThingHappened'],
    jobs: async (event) => {
      handed.push(event);
      return [{ queue, name: 'act', data: { thing: event.data }, ...job }];
    },
  };
  return { reaction, handed };
};

/** The reactions behaviour (event → job with an id from the event id → worker), on a profile's bus and jobs. */
export const reactionsContract = (name: string, make: () => Promise<ReactionsFixture>): void => {
  describe(`reactions contract: ${name}`, () => {
    let fixture: ReactionsFixture | undefined;
    const running: Subscription[] = [];
    const setup = async () => {
      fixture = await make();
      // Only what reactions touch: the bus, the jobs and a logger.
      const platform = { bus: fixture.bus, jobs: fixture.jobs, eventStore: fixture.store, log: pino({ level: 'silent' }) } as unknown as Platform;
      const start = async (reactions: Reaction[]) => {
        const subscriptions = await startReactions(platform, reactions);
        running.push(...subscriptions);
        return { stop: () => Promise.all(subscriptions.map((s) => s.stop())) };
      };
      const append = async (count = 1) => {
        const stream = `thing-${randomUUID()}`;
        const events = Array.from({ length: count }, (_, i) => ({
          id: randomUUID(),
          type: 'ThingHappened',
          data: { n: i },
          occurredAt: new Date().toISOString(),
          actor: null,
          correlationId: randomUUID(),
          causationId: null,
        }));
        await fixture?.store.append(stream, 'any', events);
        return events.map((e) => e.id);
      };
      const worker = async (queue: string, process: (job: JobRecord) => Promise<void> = async () => {}) => {
        const ran: JobRecord[] = [];
        await fixture?.jobs.work(queue, async (job) => {
          ran.push(job);
          await process(job);
        });
        return ran;
      };
      return { ...fixture, start, append, worker };
    };

    afterEach(async () => {
      await Promise.all(running.splice(0).map((s) => s.stop()));
      await fixture?.cleanup();
      fixture = undefined;
    });

    it('makes one job per event, with its id from the event id, however often the event is delivered', async () => {
      const f = await setup();
      const queue = `reactions-${randomUUID()}`;
      const { reaction, handed } = recordingReaction(queue);
      const ran = await f.worker(queue);
      const first = await f.start([reaction]);
      const events = await f.append(2);
      await eventually('both jobs to run', () => ran.length === 2);

      await first.stop();
      await f.rewind(reactionGroup(reaction), 0);
      await f.start([reaction]);
      await eventually('both events delivered again', () => handed.length === 4);
      const [sentinel] = await f.append(1);
      // One worker runs its queue in order: once the sentinel ran, a second job of either event would have too.
      await eventually('the sentinel job', () => ran.some((job) => job.id.endsWith(sentinel ?? '')));
      expect(ran.map((job) => job.id)).toEqual([...events, sentinel].map((id) => reactionJobId(reaction, { id: id ?? '' })));
      expect(ran[0]).toMatchObject({ name: 'act', data: { thing: { n: 0 } } });
    });

    it('retries a failing job with exponential backoff, then moves it to the dead letters', async () => {
      const f = await setup();
      const queue = `reactions-${randomUUID()}`;
      const { reaction } = recordingReaction(queue, { attempts: 3, backoffMs: 50 });
      const attempts: number[] = [];
      await f.worker(queue, async () => {
        attempts.push(Date.now());
        throw new Error(`mail server down (${attempts.length})`);
      });
      await f.start([reaction]);
      const [event] = await f.append(1);
      const [dead] = await eventually('the dead letter', async () => {
        const letters = await f.jobs.deadLetters(queue);
        return letters.length > 0 ? letters : undefined;
      });
      expect(dead).toMatchObject({ id: reactionJobId(reaction, { id: event ?? '' }), attemptsMade: 3, error: 'mail server down (3)' });
      const [a, b, c] = attempts as [number, number, number];
      expect(attempts).toHaveLength(3);
      expect(b - a).toBeGreaterThanOrEqual(50 - 5); // base, then base * 2 (5 ms: clock granularity)
      expect(c - b).toBeGreaterThanOrEqual(100 - 5);
    });

    it('starts a reaction added to a running system at the head of the log: it never re-sends the past', async () => {
      const f = await setup();
      const queue = `reactions-${randomUUID()}`;
      const existing = recordingReaction(`${queue}-existing`);
      await f.worker(`${queue}-existing`);
      await f.start([existing.reaction]);
      const past = await f.append(3);
      await eventually('the running reaction to see the past events', () => existing.handed.length === 3);

      const added = recordingReaction(queue);
      const ran = await f.worker(queue);
      await f.start([added.reaction]);
      const [now] = await f.append(1);
      await eventually('the new event\'s job', () => ran.length === 1);
      expect(ran.map((job) => job.id)).toEqual([reactionJobId(added.reaction, { id: now ?? '' })]);
      expect(added.handed.map((e) => e.id)).toEqual([now]);
      expect(added.handed.map((e) => e.id)).not.toContain(past[0]);
    });

    it('refuses two reactions with the same name (they would share a group and job ids)', async () => {
      const f = await setup();
      const { reaction } = recordingReaction('unused');
      await expect(f.start([reaction, { ...reaction }])).rejects.toThrow(`repeated: ${reaction.name}`);
    });
  });
};
