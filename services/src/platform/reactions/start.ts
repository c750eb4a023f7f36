import type { StoredEvent } from '../event-store/port.ts';
import type { Subscription } from '../event-bus/port.ts';
import type { Platform } from '../module.ts';
import type { Reaction } from './port.ts';

export const reactionGroup = (reaction: Pick<Reaction, 'name'>) => `reaction:${reaction.name}`;

/** The job id of a reaction's job: derived from the event id, so redelivery is ignored by the queue. */
export const reactionJobId = (reaction: Pick<Reaction, 'name'>, event: Pick<StoredEvent, 'id'>, key?: string) =>
  key === undefined ? `${reaction.name}:${event.id}` : `${reaction.name}:${event.id}:${key}`;

/** Enqueues the jobs `reaction` makes of `event`; a job already enqueued (same id) is left alone. */
export const runReaction = async (reaction: Reaction, event: StoredEvent, platform: Platform): Promise<void> => {
  for (const job of await reaction.jobs(event, platform)) {
    await platform.jobs.enqueue(job.queue, job.name, job.data, {
      id: reactionJobId(reaction, event, job.key),
      ...(job.attempts === undefined ? {} : { attempts: job.attempts }),
      ...(job.backoffMs === undefined ? {} : { backoffMs: job.backoffMs }),
      ...(job.delayMs === undefined ? {} : { delayMs: job.delayMs }),
    });
  }
};

/**
 * Subscribes every reaction as its own consumer group. A group seen for the first time starts at the head of the log
 * (`fromBeginning: false`): a reaction added to a running system acts on what happens from now on, never on the past.
 * A reaction that throws (its store is away) gets the event again with backoff, later events wait.
 */
export const startReactions = async (platform: Platform, reactions: readonly Reaction[]): Promise<Subscription[]> => {
  const names = reactions.map((r) => r.name);
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) throw new Error(`Reaction names must be unique; repeated: ${[...new Set(repeated)].join(', ')}`);
  // Started together: a Kafka consumer group takes seconds to join, so one after another the start grows with each reaction.
  const started = await Promise.allSettled(
    reactions.map((reaction) =>
      platform.bus.subscribe({ group: reactionGroup(reaction), types: reaction.handles, fromBeginning: false }, (event) => runReaction(reaction, event, platform)),
    ),
  );
  const subscriptions: Subscription[] = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(subscriptions.map((s) => s.stop()));
    throw failed.reason;
  }
  return subscriptions;
};
