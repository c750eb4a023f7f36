import { describe, expect, it } from 'vitest';
import type { EventSummary } from '@acpg/contracts/event-log';
import { applyAppended, MAX_LIVE_ROWS, matchesTail, type TailData } from './events.ts';

const ev = (position: number, type = 'OrderPlaced', stream = `nhd-order-${position}`): EventSummary => ({
  position,
  id: `e${position}`,
  type,
  stream,
  version: 1,
  occurredAt: '2026-11-28T10:00:00.000Z',
  correlationId: `c${position}`,
});
const read = (...positions: number[]): TailData => ({ items: positions.map((p) => ev(p)), next_before: null, held: [], gap: false });
const ANY = { types: [], stream: '' };

describe('the live tail', () => {
  it('puts pushed events newer than the newest shown on top, once', () => {
    const data = applyAppended(read(3, 2), { events: [ev(5), ev(4), ev(3)], head: 5, gap: false }, ANY, false);
    expect(data.items.map((e) => e.position)).toEqual([5, 4, 3, 2]);
    expect(applyAppended(data, { events: [ev(5)], head: 5, gap: false }, ANY, false)).toBe(data);
  });

  it('holds them while paused, counting each once, and remembers a gap', () => {
    const once = applyAppended(read(3), { events: [ev(4)], head: 4, gap: false }, ANY, true);
    const twice = applyAppended(once, { events: [ev(6), ev(5), ev(4)], head: 6, gap: true }, ANY, true);
    expect(twice.items.map((e) => e.position)).toEqual([3]);
    expect(twice.held.map((e) => e.position)).toEqual([6, 5, 4]);
    expect(twice.gap).toBe(true);
  });

  it('keeps at most MAX_LIVE_ROWS rows, the older ones left to Load older events', () => {
    const full = read(...Array.from({ length: MAX_LIVE_ROWS }, (_, i) => MAX_LIVE_ROWS - i));
    const data = applyAppended(full, { events: [ev(MAX_LIVE_ROWS + 2), ev(MAX_LIVE_ROWS + 1)], head: MAX_LIVE_ROWS + 2, gap: false }, ANY, false);
    expect(data.items).toHaveLength(MAX_LIVE_ROWS);
    expect(data.items[0]?.position).toBe(MAX_LIVE_ROWS + 2);
    expect(data.next_before).toBe(3);
  });

  it('keeps to the filters: any of the types, the stream’s start', () => {
    expect(matchesTail(ev(1, 'OrderPaid', 'nhd-order-9'), { types: ['OrderPlaced', 'OrderPaid'], stream: 'nhd-order-' })).toBe(true);
    expect(matchesTail(ev(1, 'OrderPaid'), { types: ['OrderPlaced'], stream: '' })).toBe(false);
    expect(matchesTail(ev(1, 'OrderPaid', 'equity-enrolment-1'), { types: [], stream: 'nhd-' })).toBe(false);
    const data = applyAppended(read(1), { events: [ev(2, 'OrderPaid'), ev(3)], head: 3, gap: false }, { types: ['OrderPlaced'], stream: '' }, false);
    expect(data.items.map((e) => e.position)).toEqual([3, 1]);
  });
});
