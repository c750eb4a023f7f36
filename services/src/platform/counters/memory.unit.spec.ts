import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCounters } from './memory.ts';
import type { Counters } from './port.ts';

let now = 1_000_000;
const opened: Counters[] = [];
const counters = (maxWindows?: number) => {
  const made = createMemoryCounters(() => now, maxWindows);
  opened.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

describe('memory counters', () => {
  it('counts hits in a window that opens at its first hit, then starts again', async () => {
    const c = counters();
    expect(await c.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    now += 10_000;
    expect(await c.hit('k', 60_000)).toEqual({ count: 2, ttlMs: 50_000 });
    expect(await c.hit('other', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    now += 50_000;
    expect(await c.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it('hands out at most `limit` slots of a key; a freed slot, or one past its lease, can be taken again', async () => {
    const c = counters();
    const first = await c.take('u', 2, 5_000);
    expect(first).toBeTypeOf('function');
    expect(await c.take('u', 2, 5_000)).toBeTypeOf('function');
    expect(await c.take('u', 2, 5_000)).toBeNull();
    await first?.();
    const third = await c.take('u', 2, 5_000);
    expect(third).toBeTypeOf('function');
    expect(await c.take('u', 2, 5_000)).toBeNull();
    now += 5_000; // both held slots lapse (their process died without freeing them)
    expect(await c.take('u', 2, 5_000)).toBeTypeOf('function');
    expect(await c.take('u', 2, 5_000)).toBeTypeOf('function');
    expect(await c.take('u', 2, 5_000)).toBeNull();
  });

  it('keeps at most its bound of windows: lapsed ones go first, then the oldest', async () => {
    const c = counters(3);
    await c.hit('lapses', 1_000);
    await c.hit('a', 60_000);
    await c.hit('b', 60_000);
    now += 1_000;
    await c.hit('c', 60_000); // full: the lapsed window makes room, the others keep their counts
    expect((await c.hit('a', 60_000)).count).toBe(2);
    expect((await c.hit('b', 60_000)).count).toBe(2);
    await c.hit('d', 60_000); // full of live windows: the oldest ('a') goes
    expect((await c.hit('c', 60_000)).count).toBe(2);
    expect((await c.hit('a', 60_000)).count).toBe(1);
  });
});
