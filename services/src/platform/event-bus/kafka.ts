import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type LogEntry, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { StoredEvent } from '../event-store/port.ts';
import { topicForStream, type GroupLag, type EventBatchHandler, type EventBus, type SubscribeOptions, type Subscription } from './port.ts';
import { backoffMs, retryUntilDone, Wakeable } from './wakeable.ts';

// kafkajs is in maintenance mode: it stays behind this file, so swapping the client touches nothing else.

interface KafkaConnection {
  brokers: string[];
  clientId: string;
  logger?: Logger;
}

export interface KafkaEventBusOptions extends KafkaConnection {
  /** Every module's topic (see `topicForStream`): what a subscription reads unless `topicsFor` narrows it. */
  topics: string[];
  /** The topics holding a subscription's types (its consumer fetches only those); every topic when absent. */
  topicsFor?: (types?: readonly string[]) => string[];
  /** Backoff of a failing handler: first delay and cap. Default 100 ms, 30 s. */
  retry?: { initialMs?: number; maxMs?: number };
  /** How long `subscribe` waits for the consumer to join its group. Default 60 s. */
  joinTimeoutMs?: number;
  /**
   * Group session timeout (default 30 s; brokers accept 6 s and up). A member that left makes the
   * group wait up to about this long before the next member's join completes on some brokers (the mock cluster).
   */
  sessionTimeoutMs?: number;
  /** Longest a fetch waits on an idle topic; also bounds how long `stop()` waits for it. Default 1 s. */
  maxWaitTimeMs?: number;
}

export interface KafkaPublisherOptions extends KafkaConnection {
  topicPrefix: string;
}

export interface KafkaPublisher {
  /** Sends the events to their module topics, key = stream (so one partition, in order, per stream), acks from all replicas. */
  publish(events: readonly StoredEvent[]): Promise<void>;
  close(): Promise<void>;
}

const toPinoLevel = (level: logLevel): 'error' | 'warn' | 'debug' | 'trace' =>
  level === logLevel.ERROR ? 'error' : level === logLevel.WARN ? 'warn' : level === logLevel.INFO ? 'debug' : 'trace';

const createClient = ({ brokers, clientId, logger }: KafkaConnection): Kafka =>
  new Kafka({
    clientId,
    brokers,
    // Without a logger only errors reach the console; with one, kafkajs' chatty info goes to debug.
    logLevel: logger ? logLevel.INFO : logLevel.ERROR,
    ...(logger
      ? {
          logCreator:
            () =>
            ({ namespace, level, log }: LogEntry) => {
              const { message, ...extra } = log;
              logger[toPinoLevel(level)]({ kafkajs: namespace, ...extra }, message);
            },
        }
      : {}),
  });

/** Retries a step the broker may refuse while it auto-creates a topic (the metadata is briefly incomplete). */
const withRetries = async <T>(what: string, step: () => Promise<T>, logger?: Logger, attempts = 8): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts) throw error;
      logger?.warn({ err: error, attempt }, `${what} failed; retrying`);
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, 200, 5000)));
    }
  }
};

/**
 * The distributed profile's bus: one kafkajs consumer per subscription, the group's committed offsets
 * are its checkpoint, committed after the handler resolved (at least once). A failing handler gets the
 * same event again with backoff; later events of that partition wait.
 */
export const createKafkaEventBus = (options: KafkaEventBusOptions): EventBus => {
  const { topics: allTopics, logger, joinTimeoutMs = 60_000, sessionTimeoutMs = 30_000, maxWaitTimeMs = 1000 } = options;
  const initialMs = options.retry?.initialMs ?? 100;
  const maxMs = options.retry?.maxMs ?? 30_000;
  const kafka = createClient(options);
  const active = new Set<Subscription>();

  /** The partitions where `group` has committed nothing yet, each with its current end offset (the head). */
  const uncommittedHeads = async (group: string, topics: string[]): Promise<{ topic: string; partition: number; offset: string }[]> => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const committed = await admin.fetchOffsets({ groupId: group, topics });
      const heads: { topic: string; partition: number; offset: string }[] = [];
      for (const { topic, partitions } of committed) {
        const unset = new Set(partitions.filter((p) => Number(p.offset) < 0).map((p) => p.partition));
        if (unset.size === 0) continue;
        for (const { partition, high } of await admin.fetchTopicOffsets(topic)) if (unset.has(partition)) heads.push({ topic, partition, offset: high });
      }
      return heads;
    } finally {
      await admin.disconnect();
    }
  };

  /**
   * One admin connection for operators' reads (lag, readiness), kept between calls: connecting takes longer than a
   * readiness check may wait. Dropped on a failure, so the next call connects again.
   */
  let operatorAdmin: Promise<Admin> | undefined;
  const withAdmin = async <T>(use: (admin: Admin) => Promise<T>): Promise<T> => {
    const connecting = (operatorAdmin ??= (async () => {
      const admin = kafka.admin();
      await admin.connect();
      return admin;
    })());
    try {
      return await use(await connecting);
    } catch (error) {
      if (operatorAdmin === connecting) operatorAdmin = undefined;
      void connecting.then((admin) => admin.disconnect()).catch(() => undefined);
      throw error;
    }
  };

  /** Committed offsets against each partition's high watermark (an uncommitted partition counts from its low one). */
  const lag = (group: string, types?: readonly string[]): Promise<GroupLag | null> =>
    withAdmin(async (admin) => {
      const topics = options.topicsFor?.(types) ?? allTopics;
      const committed = await admin.fetchOffsets({ groupId: group, topics });
      if (committed.every(({ partitions }) => partitions.every((p) => Number(p.offset) < 0))) return null;
      let behind = 0;
      for (const { topic, partitions } of committed) {
        const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p]));
        for (const { partition, offset } of partitions) {
          const end = ends.get(partition);
          if (!end) continue;
          const from = Number(offset) < 0 ? Number(end.low) : Number(offset);
          behind += Math.max(0, Number(end.high) - from);
        }
      }
      // Kafka keeps no time per offset the admin API can read cheaply: the age is left unknown.
      return { behind, capped: false, oldestAt: null };
    });

  const ping = () => withAdmin(async (admin) => void (await admin.describeCluster()));

  /**
   * One consumer: each fetched batch of a partition is read (types it does not want are skipped by the `event-type`
   * header, unparsed), handed over, and committed once after it was handled: in order, at least once. `oneByOne`
   * hands the events over singly (each retried alone); otherwise the batch goes to the handler whole.
   */
  /**
   * Every module's topic exists once the bus has subscribed anything, as when each consumer read them all: a metadata
   * request names them (brokers that auto-create topics, like the mock cluster, create them; deployed ones have them).
   */
  let topicsKnown: Promise<void> | undefined;
  const knowAllTopics = (log?: Logger) =>
    (topicsKnown ??= withRetries(
      'kafka topic metadata',
      async () => {
        const admin = kafka.admin();
        await admin.connect();
        try {
          await admin.fetchTopicMetadata({ topics: allTopics });
        } finally {
          await admin.disconnect();
        }
      },
      log,
    ).catch((error: unknown) => {
      topicsKnown = undefined;
      throw error;
    }));

  const subscribe = async ({ group, types, fromBeginning = true }: SubscribeOptions, handler: EventBatchHandler, oneByOne: boolean): Promise<Subscription> => {
    const log = logger?.child({ group });
    const wanted = types ? new Set(types) : undefined;
    const topics = options.topicsFor?.(types) ?? allTopics;
    const consumer: Consumer = kafka.consumer({
      groupId: group,
      allowAutoTopicCreation: true,
      sessionTimeout: sessionTimeoutMs,
      rebalanceTimeout: Math.max(sessionTimeoutMs, 60_000),
      heartbeatInterval: Math.min(3000, Math.floor(sessionTimeoutMs / 3)),
      maxWaitTimeInMs: maxWaitTimeMs,
    });
    const wake = new Wakeable();
    /**
     * Where each partition's batches that held none of the group's types end (the next offset to read). They are
     * committed with the partition's next handled batch, otherwise at most once a second and when the subscription
     * stops: committing each of them at once was an OffsetCommit per consumer and batch, and most of a topic's
     * batches hold nothing for most of its groups. A crash before such a commit only makes the group read them again
     * and skip them again.
     */
    const skipped = new Map<string, { topic: string; partition: number; offset: string }>();
    let skippedCommittedAt = 0;
    const commitSkipped = async () => {
      if (skipped.size === 0) return;
      const offsets = [...skipped.values()];
      skipped.clear();
      skippedCommittedAt = Date.now();
      await consumer.commitOffsets(offsets);
    };

    /** Waits `ms`, heartbeating so a long backoff does not cost the group membership. */
    const pause = async (ms: number, heartbeat: () => Promise<void>): Promise<void> => {
      const until = Date.now() + ms;
      while (!wake.interrupted && Date.now() < until) {
        await wake.sleep(Math.min(3000, until - Date.now()));
        if (!wake.interrupted) await heartbeat();
      }
    };

    const deliver = (events: StoredEvent[], heartbeat: () => Promise<void>): Promise<boolean> =>
      retryUntilDone(() => handler(events), { event: events[0] as StoredEvent, wake, pause: (ms) => pause(ms, heartbeat), log, initialMs, maxMs });

    let joined: () => void = () => {};
    const joinedGroup = new Promise<void>((resolve) => (joined = resolve));
    const removeJoinListener = consumer.on(consumer.events.GROUP_JOIN, () => joined());
    // A new group reading from the latest offset resolves it at its first fetch after the join: waiting for that fetch
    // makes "starts at the head" mean the head when subscribe resolved, not some moment after it.
    let fetched: () => void = () => {};
    const firstFetch = new Promise<void>((resolve) => (fetched = resolve));
    const removeFetchListener = consumer.on(consumer.events.FETCH, () => fetched());
    const removeCrashListener = consumer.on(consumer.events.CRASH, ({ payload }) => {
      log?.error({ err: payload.error, restart: payload.restart }, 'kafka consumer crashed');
    });

    try {
      await knowAllTopics(log);
      await consumer.connect();
      // A topic nobody produced to yet is auto-created by this metadata request; retry while it settles.
      await withRetries('kafka subscribe', () => consumer.subscribe({ topics, fromBeginning }), log);
      const headsToKeep = fromBeginning ? [] : await uncommittedHeads(group, topics);
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
          const { topic, partition } = batch;
          // Resolved: the consumer fetches on from after it; committed: the group resumes after it.
          const commit = async (offset: string) => {
            resolveOffset(offset);
            skipped.delete(`${topic}:${partition}`); // this commit goes further
            await consumer.commitOffsets([{ topic, partition, offset: (BigInt(offset) + 1n).toString() }]);
          };
          const events: { event: StoredEvent; offset: string }[] = [];
          for (const message of batch.messages) {
            const type = message.headers?.['event-type']?.toString();
            if (wanted && type !== undefined && !wanted.has(type)) continue;
            try {
              const event = JSON.parse(message.value?.toString() ?? '') as StoredEvent;
              if (!wanted || wanted.has(event.type)) events.push({ event, offset: message.offset });
            } catch (error) {
              log?.error({ err: error, topic, partition, offset: message.offset }, 'skipping a message that is not a stored event');
            }
          }
          const last = batch.messages[batch.messages.length - 1]?.offset;
          if (last === undefined || wake.interrupted) return;
          if (events.length === 0) {
            resolveOffset(last);
            skipped.set(`${topic}:${partition}`, { topic, partition, offset: (BigInt(last) + 1n).toString() });
            if (Date.now() - skippedCommittedAt >= 1000) await commitSkipped();
            return;
          }
          if (!oneByOne) {
            // Stopped while retrying: nothing committed, so the group gets the batch again.
            if (events.length > 0 && !(await deliver(events.map((e) => e.event), heartbeat))) return;
            await commit(last);
            return;
          }
          let handled: string | null = null;
          for (const { event, offset } of events) {
            if (!isRunning() || isStale() || !(await deliver([event], heartbeat))) {
              if (handled !== null) await commit(handled); // keep what was done; the rest comes again
              return;
            }
            handled = offset;
            await heartbeat(); // sent only when due: a long batch keeps the group membership
          }
          await commit(last);
        },
      });
      await Promise.race([
        fromBeginning ? joinedGroup : joinedGroup.then(() => firstFetch),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`Kafka consumer of group ${group} did not join within ${joinTimeoutMs} ms`)), joinTimeoutMs).unref(),
        ),
      ]);
      // Kafka keeps no start for a partition until the group commits there: commit the head seen before the join, so a
      // group restarted before its first event resumes there instead of at a later head (which would skip events).
      if (headsToKeep.length > 0) await consumer.commitOffsets(headsToKeep);
    } catch (error) {
      removeJoinListener();
      removeFetchListener();
      removeCrashListener();
      await consumer.disconnect().catch(() => {});
      throw error;
    }
    removeJoinListener();
    removeFetchListener();
    // After a rebalance the partitions may be another member's: what was skipped before is theirs to commit.
    const removeRejoinListener = consumer.on(consumer.events.GROUP_JOIN, () => skipped.clear());

    const subscription: Subscription = {
      async stop() {
        wake.interrupt();
        removeRejoinListener();
        await commitSkipped().catch((error: unknown) => log?.warn({ err: error }, 'could not commit the offsets past skipped batches'));
        // kafkajs waits for the message in hand before leaving the group.
        await consumer.disconnect();
        removeCrashListener();
        active.delete(subscription);
      },
    };
    active.add(subscription);
    return subscription;
  };

  return {
    lag,
    ping,
    subscribe: (options, handler) => subscribe(options, async ([event]) => handler(event as StoredEvent), true),
    // A partition's fetched messages go over as one batch (a projection writes them together), committed after it.
    subscribeBatches: (options, handler) => subscribe(options, handler, false),
    async close() {
      await Promise.all([...active].map((subscription) => subscription.stop()));
      const admin = operatorAdmin;
      operatorAdmin = undefined;
      await admin?.then((a) => a.disconnect()).catch(() => undefined);
    },
  };
};

/** Publishes stored events to Kafka for the outbox relay. No CreateTopics and no idempotent producer needed. */
export const createKafkaPublisher = (options: KafkaPublisherOptions): KafkaPublisher => {
  const { topicPrefix } = options;
  const producer: Producer = createClient(options).producer({
    allowAutoTopicCreation: true,
    idempotent: false,
    // One request in flight per broker: a retried batch cannot overtake the next one, so order per stream holds.
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  let connecting: Promise<void> | undefined;

  const connect = async (): Promise<void> => {
    connecting ??= producer.connect().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    await connecting;
  };

  return {
    async publish(events) {
      if (events.length === 0) return;
      await connect();
      const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
      for (const event of events) {
        const topic = topicForStream(event.stream, topicPrefix);
        let messages = byTopic.get(topic);
        if (!messages) byTopic.set(topic, (messages = []));
        messages.push({ key: event.stream, value: JSON.stringify(event), headers: { 'event-type': event.type, 'event-id': event.id } });
      }
      // No retry here beyond kafkajs' own: the relay retries the whole batch, after a backoff.
      await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
    },
    async close() {
      if (connecting) await producer.disconnect();
      connecting = undefined;
    },
  };
};
