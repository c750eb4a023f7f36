import { describe, expect, it, vi } from 'vitest';
import type { EventBus, EventHandler, SubscribeOptions } from '../event-bus/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import { memoryEventStore } from './contract.ts';
import type { Projection, ProjectionStore } from './port.ts';
import { ensureProjectionIndexes, replayProjection, runProjection } from './runner.ts';
import type { Documents } from '../documents/port.ts';
import type { Realtime } from '../realtime/port.ts';

const realtime: Realtime = { toUser: () => {}, toRole: () => {}, toEntity: () => {} };

const projection: Projection = {
  name: 'order_status',
  collection: 'order_status',
  handles: ['OrderPlaced', 'OrderPaid'],
  documentId: (event) => event.stream,
  evolve: (doc, event) => ({ _id: event.stream, status: event.type }),
  indexes: ['status'],
};

const event = (position: number, type = 'OrderPlaced'): StoredEvent => ({
  id: `e${position}`,
  type,
  stream: `order-${position}`,
  version: 1,
  position,
  occurredAt: '2024-03-01T00:00:00.000Z',
  actor: null,
  correlationId: `c${position}`,
  causationId: null,
  schemaVersion: 1,
  data: {},
});

const fakeBus = () => {
  const subscriptions: { options: SubscribeOptions; handler: EventHandler }[] = [];
  const bus: EventBus = {
    async subscribe(options, handler) {
      subscriptions.push({ options, handler });
      return { stop: async () => {} };
    },
    // The runner subscribes in batches; a test hands it one event at a time as a batch of one.
    async subscribeBatches(options, handler) {
      subscriptions.push({ options, handler: (event) => handler([event]) });
      return { stop: async () => {} };
    },
    close: async () => {},
  };
  return { bus, subscriptions };
};

const recordingStore = (order: string[]): ProjectionStore => ({
  async apply(_projection, events) {
    order.push(`apply ${events.map((e) => e.id).join(',')}`);
    return events.map((e) => ({ event: e, doc: { _id: e.stream, status: e.type } }));
  },
  checkpoint: async () => 0,
  reset: async () => void order.push('reset'),
});

describe('runProjection', () => {
  it('subscribes as the projection group for its types and pushes after the write', async () => {
    const order: string[] = [];
    const { bus, subscriptions } = fakeBus();
    await runProjection({
      bus,
      store: recordingStore(order),
      projection: { ...projection, afterApply: (applied, to) => void order.push(`after ${applied.map((a) => a.event.id).join(',')} ${to === realtime}`) },
      realtime,
    });
    expect(subscriptions[0]!.options).toMatchObject({ group: 'projection:order_status', types: ['OrderPlaced', 'OrderPaid'] });
    await subscriptions[0]!.handler(event(1));
    expect(order).toEqual(['apply e1', 'after e1 true']);
  });

  it('logs a failing afterApply (sync or async) and keeps going', async () => {
    const { bus, subscriptions } = fakeBus();
    const log = { error: vi.fn() };
    let calls = 0;
    await runProjection({
      bus,
      store: recordingStore([]),
      projection: {
        ...projection,
        afterApply: () => {
          calls++;
          if (calls === 1) throw new Error('socket down');
          return Promise.reject(new Error('async down'));
        },
      },
      realtime,
      log,
    });
    await expect(subscriptions[0]!.handler(event(1))).resolves.toBeUndefined();
    await expect(subscriptions[0]!.handler(event(2))).resolves.toBeUndefined();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(2));
    expect(log.error.mock.calls[0]![0]).toMatchObject({ projection: 'order_status', eventId: 'e1' });
  });

  it('lets a failing store write fail the delivery (so the bus redelivers)', async () => {
    const { bus, subscriptions } = fakeBus();
    const store: ProjectionStore = { ...recordingStore([]), apply: async () => Promise.reject(new Error('disk full')) };
    const afterApply = vi.fn();
    await runProjection({ bus, store, projection: { ...projection, afterApply }, realtime });
    await expect(subscriptions[0]!.handler(event(1))).rejects.toThrow('disk full');
    expect(afterApply).not.toHaveBeenCalled();
  });
});

describe('replayProjection', () => {
  it('resets, then applies the handled events in batches from position 0', async () => {
    const eventStore = memoryEventStore();
    for (let i = 0; i < 7; i++) {
      await eventStore.append(`order-${i}`, 'any', [
        { id: `e${i}`, type: i === 3 ? 'Other' : 'OrderPlaced', data: {}, occurredAt: '2024-03-01T00:00:00.000Z', actor: null, correlationId: 'c', causationId: null },
      ]);
    }
    const order: string[] = [];
    const result = await replayProjection({ eventStore, store: recordingStore(order), projection, batchSize: 4 });
    expect(order).toEqual(['reset', 'apply e0,e1,e2,e4', 'apply e5,e6']);
    expect(result.events).toBe(6);
  });
});

describe('ensureProjectionIndexes', () => {
  it('declares the projection indexes on its collection', async () => {
    const ensureIndexes = vi.fn(async () => {});
    await ensureProjectionIndexes({ ensureIndexes } as unknown as Documents, projection);
    expect(ensureIndexes).toHaveBeenCalledWith('order_status', ['status']);
  });
});
