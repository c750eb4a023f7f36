import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../commands/handle-command.ts';
import type { StoredEvent } from '../event-store/port.ts';
import type { Realtime } from '../realtime/port.ts';
import { storedEvent } from '../../../test/stored-event.ts';
import { defineProjection } from './define.ts';
import type { PushReader } from './port.ts';

type SeatsBooked = DomainEvent<'SeatsBooked', { show_id: string; seats: number }>;
const realtime: Realtime = { toUser: vi.fn(), toRole: vi.fn(), toEntity: vi.fn() };

const fromStored = vi.fn((event: StoredEvent): SeatsBooked | null => {
  if (event.type !== 'SeatsBooked') return null;
  // Old events named the show `showId`: read both.
  const data = event.data as { show_id?: string; showId?: string; seats: number };
  return { type: 'SeatsBooked', data: { show_id: data.show_id ?? data.showId ?? '', seats: data.seats } };
});
const push = vi.fn();
const shows = defineProjection<SeatsBooked>({
  name: 'shows',
  collection: 'shows',
  handles: ['SeatsBooked'],
  fromStored,
  documentId: (event) => event.data.show_id,
  evolve: (doc, event, stored) => ({ _id: event.data.show_id, booked: Number(doc?.booked ?? 0) + event.data.seats, at: stored.occurredAt }),
  indexes: ['booked'],
  push,
});
const booked = (data: unknown, type = 'SeatsBooked') => storedEvent({ type, stream: 'shows-s1', data, occurredAt: '2025-03-01T10:00:00.000Z' });

describe('defineProjection', () => {
  it('reads each event through fromStored, once for documentId and evolve, with old shapes upgraded', () => {
    fromStored.mockClear();
    const event = booked({ showId: 's1', seats: 2 });
    expect(shows.documentId(event)).toBe('s1');
    expect(shows.evolve({ _id: 's1', booked: 1 }, event)).toEqual({ _id: 's1', booked: 3, at: '2025-03-01T10:00:00.000Z' });
    expect(fromStored).toHaveBeenCalledTimes(1);
    expect(shows.indexes).toEqual(['booked']);
  });

  it('skips an event fromStored does not know: no document id, the document unchanged', () => {
    const other = booked({}, 'ShowCancelled');
    expect(shows.documentId(other)).toBeNull();
    const doc = { _id: 's1', booked: 1 };
    expect(shows.evolve(doc, other)).toBe(doc);
  });

  it('hands its push the typed events with their envelope and written document, and the reader, only when one is known', () => {
    push.mockClear();
    const event = booked({ show_id: 's1', seats: 2 });
    const doc = { _id: 's1', booked: 2 };
    const reader = { documents: {}, caughtUp: async () => {} } as unknown as PushReader;
    shows.afterApply?.([{ event, doc }, { event: booked({}, 'ShowCancelled'), doc: null }], realtime, reader);
    expect(push).toHaveBeenCalledWith([{ event: { type: 'SeatsBooked', data: { show_id: 's1', seats: 2 } }, stored: event, doc }], realtime, reader);
    push.mockClear();
    shows.afterApply?.([{ event: booked({}, 'ShowCancelled'), doc: null }], realtime);
    expect(push).not.toHaveBeenCalled();
  });

  it('declares no afterApply without a push', () => {
    const { push: _push, ...withoutPush } = { name: 'x', collection: 'x', handles: ['SeatsBooked'] as const, fromStored, documentId: () => 'x', evolve: () => null, push };
    expect(defineProjection<SeatsBooked>({ ...withoutPush, handles: ['SeatsBooked'] }).afterApply).toBeUndefined();
  });
});
