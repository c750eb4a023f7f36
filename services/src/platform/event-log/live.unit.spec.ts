import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { EventsAppended } from '@acpg/contracts/event-log';
import { memoryEventStore } from '../projections/contract.ts';
import type { Realtime } from '../realtime/port.ts';
import type { Config } from '../config/schema.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { FEED_BATCH, startEventsFeed } from './live.ts';

const event = (type: string) => ({
  id: randomUUID(),
  type,
  data: { secret: 'not pushed' },
  occurredAt: new Date().toISOString(),
  actor: null,
  correlationId: `c-${randomUUID()}`,
  causationId: null,
});

const recorder = () => {
  const pushes: { room: string; message: string; payload: EventsAppended }[] = [];
  const realtime: Realtime = {
    toUser: () => undefined,
    toEntity: () => undefined,
    toRole: (role, message, payload) => void pushes.push({ room: role, message, payload: payload as EventsAppended }),
  };
  return { pushes, realtime };
};

describe('events feed', () => {
  const setUp = async () => {
    const eventStore = memoryEventStore();
    await eventStore.append('old-1', 0, [event('Before')]);
    const { pushes, realtime } = recorder();
    const feed = startEventsFeed({ eventStore, realtime, log: pino({ level: 'silent' }), config: { MODE: 'embedded' } as Config }, { intervalMs: 50 });
    await waitFor(async () => (await eventStore.headPosition()) === 1);
    return { eventStore, pushes, feed };
  };

  it('pushes a burst of appends as one message to the events.read roles, newest first, without data', async () => {
    const { eventStore, pushes, feed } = await setUp();
    // Appended in one turn: one timer, one push (the feed's start reads the head first; give it that turn).
    await new Promise((resolve) => setImmediate(resolve));
    await eventStore.append('s-1', 0, [event('A')]);
    await eventStore.append('s-1', 1, [event('B')]);
    await eventStore.append('s-2', 0, [event('C')]);
    await waitFor(() => pushes.length > 0, { what: 'a push' });
    await feed.stop();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.room).toBe('Super Admin');
    expect(pushes[0]?.message).toBe('events.appended');
    expect(pushes[0]?.payload.gap).toBe(false);
    expect(pushes[0]?.payload.events.map((e) => e.type)).toEqual(['C', 'B', 'A']);
    expect(JSON.stringify(pushes[0]?.payload)).not.toContain('not pushed');
  });

  it('says gap when more was appended than one push carries', async () => {
    const { eventStore, pushes, feed } = await setUp();
    await new Promise((resolve) => setImmediate(resolve));
    await eventStore.append('many', 'any', Array.from({ length: FEED_BATCH + 5 }, () => event('Many')));
    await waitFor(() => pushes.length > 0, { what: 'a push' });
    await feed.stop();
    expect(pushes[0]?.payload.events).toHaveLength(FEED_BATCH);
    expect(pushes[0]?.payload.gap).toBe(true);
  });
});
