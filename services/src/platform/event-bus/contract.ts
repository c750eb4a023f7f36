import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, StoredEvent } from '../event-store/port.ts';
import type { EventBus, EventHandler, Subscription } from './port.ts';

export interface EventBusFixture {
  bus: EventBus;
  /** Where the test appends; the bus must deliver what is appended here (directly or through a relay). */
  store: EventStore;
  cleanup(): Promise<void>;
}

/** Modules whose streams the suite appends to (`order-…`, `payment-…`): a Kafka bus needs their topics. */
export const contractModules = ['order', 'payment'] as const;

const newEvent = (type: string): NewEvent => ({
  id: randomUUID(),
  type,
  data: { at: Date.now() },
  occurredAt: new Date().toISOString(),
  actor: null,
  correlationId: randomUUID(),
  causationId: null,
});

const uniqueGroup = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

/** Polls `check` until it holds or the deadline passes (then fails with `what`). */
export const waitUntil = async (what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A handler that records what it got. */
const recorder = () => {
  const received: StoredEvent[] = [];
  const handler: EventHandler = async (event) => {
    received.push(event);
  };
  const ids = (stream?: string) => received.filter((e) => !stream || e.stream === stream).map((e) => e.id);
  return { received, handler, ids, has: (id: string) => received.some((e) => e.id === id) };
};

/**
 * The behaviour every EventBus adapter must show. `make` gets a fresh bus and store per test; the
 * suite uses unique group names, and streams of `contractModules` only.
 */
export const eventBusContract = (name: string, make: (context: { modules: readonly string[] }) => Promise<EventBusFixture>): void => {
  describe(name, () => {
    let fixture: EventBusFixture | undefined;
    const subscriptions: Subscription[] = [];
    const setup = async () => {
      fixture = await make({ modules: contractModules });
      return fixture;
    };
    const subscribe = async (bus: EventBus, ...args: Parameters<EventBus['subscribe']>) => {
      const subscription = await bus.subscribe(...args);
      subscriptions.push(subscription);
      return subscription;
    };
    const append = async (store: EventStore, stream: string, types: string[]) => {
      const events = types.map(newEvent);
      await store.append(stream, 'any', events);
      return events.map((e) => e.id);
    };

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
      await fixture?.cleanup();
      fixture = undefined;
    });

    it('tells a group\'s lag: nothing for a group that never ran, none once it took everything, then what came while it was stopped', async () => {
      const { bus, store } = await setup();
      if (!bus.lag) return expect.fail('the adapter must tell a group\'s lag');
      const group = uniqueGroup('lag');
      expect(await bus.lag(group, ['OrderPlaced'])).toBeNull();
      const stream = `order-${randomUUID()}`;
      const seen = recorder();
      const subscription = await subscribe(bus, { group, types: ['OrderPlaced'] }, seen.handler);
      const [first] = await append(store, stream, ['OrderPlaced']);
      await waitUntil('the first event', () => seen.has(first ?? ''));
      const lagUntil = async (what: string, holds: (behind: number) => boolean): Promise<number> => {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const behind = (await bus.lag?.(group, ['OrderPlaced']))?.behind ?? -1;
          if (holds(behind)) return behind;
          if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} (last: ${behind})`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await lagUntil('no lag', (behind) => behind === 0);
      await subscription.stop();
      await append(store, stream, ['OrderPlaced', 'OrderPaid', 'OrderPlaced']);
      // Only the group's types count where the adapter reads them (embedded); Kafka counts every message of its topics.
      const behind = await lagUntil('two or three events behind', (n) => n >= 2);
      expect(behind).toBeLessThanOrEqual(3);
    });

    it('delivers every event once to a group, in order per stream', async () => {
      const { bus, store } = await setup();
      const order = `order-${randomUUID()}`;
      const payment = `payment-${randomUUID()}`;
      const orderIds = await append(store, order, ['OrderPlaced', 'OrderPaid']);
      const paymentIds = await append(store, payment, ['PaymentStarted']);

      const group = recorder();
      await subscribe(bus, { group: uniqueGroup('all') }, group.handler);
      orderIds.push(...(await append(store, order, ['OrderShipped'])));
      paymentIds.push(...(await append(store, payment, ['PaymentSucceeded', 'PaymentReceiptSent'])));
      orderIds.push(...(await append(store, order, ['OrderCompleted'])));

      await waitUntil('the last event of each stream', () => group.has(orderIds.at(-1) ?? '') && group.has(paymentIds.at(-1) ?? ''));
      // Order within a partition/log: any duplicate or gap would show before the last event of its stream.
      expect(group.ids(order)).toEqual(orderIds);
      expect(group.ids(payment)).toEqual(paymentIds);
      expect(group.received.map((e) => e.version)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
      const first = group.received.find((e) => e.id === orderIds[0]);
      expect(first).toMatchObject({ stream: order, type: 'OrderPlaced', version: 1 });
    });

    it('keeps groups independent: a stuck group does not hold back another, and each has its own checkpoint', async () => {
      const { bus, store } = await setup();
      const stream = `order-${randomUUID()}`;
      const ids = await append(store, stream, ['OrderPlaced', 'OrderPaid', 'OrderShipped']);

      let stuckAttempts = 0;
      const healthy = recorder();
      await Promise.all([
        subscribe(bus, { group: uniqueGroup('stuck') }, async () => {
          stuckAttempts += 1;
          throw new Error('this group is down');
        }),
        subscribe(bus, { group: uniqueGroup('healthy') }, healthy.handler),
      ]);

      await waitUntil('the healthy group to get every event', () => healthy.has(ids.at(-1) ?? ''));
      expect(healthy.ids()).toEqual(ids);
      await waitUntil('the stuck group to retry', () => stuckAttempts >= 2);

      const late = recorder();
      await subscribe(bus, { group: uniqueGroup('late') }, late.handler);
      await waitUntil('a new group to start from the beginning', () => late.has(ids.at(-1) ?? ''));
      expect(late.ids()).toEqual(ids);
    });

    it('resumes a group from its checkpoint: only events after it arrive', async () => {
      const { bus, store } = await setup();
      const stream = `payment-${randomUUID()}`;
      const group = uniqueGroup('resume');
      const before = await append(store, stream, ['PaymentStarted', 'PaymentSucceeded']);
      const first = recorder();
      const subscription = await subscribe(bus, { group }, first.handler);
      await waitUntil('the first events', () => first.has(before.at(-1) ?? ''));
      await subscription.stop();

      const after = await append(store, stream, ['PaymentRefunded', 'PaymentReceiptSent']);
      const second = recorder();
      await subscribe(bus, { group }, second.handler);
      await waitUntil('the events appended while stopped', () => second.has(after.at(-1) ?? ''));
      expect(first.ids()).toEqual(before);
      expect(second.ids()).toEqual(after);
    });

    it('starts a new group subscribed not from the beginning at the head: earlier events never arrive', async () => {
      const { bus, store } = await setup();
      const stream = `order-${randomUUID()}`;
      const earlier = await append(store, stream, ['OrderPlaced', 'OrderPaid']);
      // A group from the beginning has seen them: they are in the log the new group could read.
      const probe = recorder();
      await subscribe(bus, { group: uniqueGroup('probe') }, probe.handler);
      await waitUntil('the earlier events', () => probe.has(earlier.at(-1) ?? ''));

      const fromHead = recorder();
      await subscribe(bus, { group: uniqueGroup('head'), fromBeginning: false }, fromHead.handler);
      const later = await append(store, stream, ['OrderShipped']);
      await waitUntil('the later event', () => fromHead.has(later[0] ?? ''));
      expect(fromHead.ids()).toEqual(later);
    });

    it('keeps the start of a group from the head across a restart before its first event', async () => {
      const { bus, store } = await setup();
      const stream = `payment-${randomUUID()}`;
      const group = uniqueGroup('head-restart');
      const first = recorder();
      const subscription = await subscribe(bus, { group, fromBeginning: false }, first.handler);
      await subscription.stop();

      const whileStopped = await append(store, stream, ['PaymentStarted', 'PaymentSucceeded']);
      // Published (a group from the beginning sees them) before the group comes back.
      const probe = recorder();
      await subscribe(bus, { group: uniqueGroup('probe') }, probe.handler);
      await waitUntil('the events appended while stopped', () => probe.has(whileStopped.at(-1) ?? ''));

      const second = recorder();
      await subscribe(bus, { group, fromBeginning: false }, second.handler);
      await waitUntil('the events appended while the group was stopped', () => second.has(whileStopped.at(-1) ?? ''));
      expect(first.ids()).toEqual([]);
      expect(second.ids()).toEqual(whileStopped);
    });

    it('hands a filtered group only its types and moves its checkpoint past the others', async () => {
      const { bus, store } = await setup();
      const stream = `order-${randomUUID()}`;
      const group = uniqueGroup('filtered');
      const [placed, paid, shipped, paidAgain] = await append(store, stream, ['OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderPaid']);
      const filtered = recorder();
      const subscription = await subscribe(bus, { group, types: ['OrderPaid'] }, filtered.handler);
      await waitUntil('the paid events', () => filtered.has(paidAgain ?? ''));
      expect(filtered.ids()).toEqual([paid, paidAgain]);
      await subscription.stop();

      const later = await append(store, stream, ['OrderCompleted']);
      const unfiltered = recorder();
      await subscribe(bus, { group }, unfiltered.handler);
      await waitUntil('the event after the checkpoint', () => unfiltered.has(later[0] ?? ''));
      expect(unfiltered.ids()).toEqual(later);
      expect(unfiltered.ids()).not.toContain(placed);
      expect(unfiltered.ids()).not.toContain(shipped);
    });

    it('gives a failed event to the handler again, and holds later events of its stream until it succeeds', async () => {
      const { bus, store } = await setup();
      const stream = `order-${randomUUID()}`;
      const [placed, paid, shipped] = await append(store, stream, ['OrderPlaced', 'OrderPaid', 'OrderShipped']);
      const attempts: string[] = [];
      let failuresLeft = 2;
      await subscribe(bus, { group: uniqueGroup('retry') }, async (event) => {
        attempts.push(event.id);
        if (event.id === paid && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('projection store unavailable');
        }
      });
      await waitUntil('the event after the failing one', () => attempts.includes(shipped ?? ''));
      expect(attempts).toEqual([placed, paid, paid, paid, shipped]);
    });

    it('hands batches in order, and a failed batch again, never a later one before it', async () => {
      const { bus, store } = await setup();
      const stream = `order-${randomUUID()}`;
      const ids = await append(store, stream, ['OrderPlaced', 'OrderPaid', 'OrderShipped']);
      const seen: string[][] = [];
      let failuresLeft = 1;
      const subscription = await bus.subscribeBatches({ group: uniqueGroup('batches'), types: ['OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderCompleted'] }, async (events) => {
        seen.push(events.map((e) => e.id));
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('read model unavailable');
        }
      });
      subscriptions.push(subscription);
      const later = await append(store, stream, ['OrderCompleted']);
      await waitUntil('the last event', () => seen.some((batch) => batch.includes(later[0] ?? '')));
      // The first batch failed and came again, starting with the same event; after it, every event once, in order.
      expect(seen[1]?.[0]).toBe(seen[0]?.[0]);
      expect(seen.slice(1).flat()).toEqual([...ids, ...later]);
    });
  });
};
