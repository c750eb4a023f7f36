import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveView, type LiveConnection, type LiveViewOptions, type LiveViewState } from './live-view.ts';
import { countFrom, countPush, mergeNewestFirst, newerOf, type LiveCount, type Versioned } from './live-merge.ts';

/** The shared connection as a view sees it; the test decides when it connects, what it pushes and when joins answer. */
class FakeConnection implements LiveConnection {
  connected = false;
  readonly joins: string[] = [];
  readonly left: string[] = [];
  /** Log of what happened, in order, to check that joins and listeners come before reads. */
  readonly log: string[];
  private readonly status = new Set<(c: boolean) => void>();
  private readonly listeners = new Map<string, Set<(p: unknown) => void>>();
  private pendingJoins: ((a: { ok: boolean }) => void)[] = [];
  constructor(log: string[]) {
    this.log = log;
  }
  onStatus(l: (c: boolean) => void) {
    this.status.add(l);
    return () => void this.status.delete(l);
  }
  onMessage(name: string, l: (p: unknown) => void) {
    this.log.push(`listen ${name}`);
    const set = this.listeners.get(name) ?? new Set();
    set.add(l);
    this.listeners.set(name, set);
    return () => void set.delete(l);
  }
  join(entity: string, _view: object) {
    this.joins.push(entity);
    this.log.push(`join ${entity}`);
    return new Promise<{ ok: boolean }>((resolve) => this.pendingJoins.push(resolve));
  }
  ackJoins(ok = true) {
    for (const r of this.pendingJoins.splice(0)) r({ ok });
    this.log.push('joined');
  }
  leave(entity: string, _view: object) {
    this.left.push(entity);
  }
  connect() {
    this.connected = true;
    for (const l of [...this.status]) l(true);
  }
  drop() {
    this.connected = false;
    for (const l of [...this.status]) l(false);
  }
  push(name: string, payload: unknown) {
    for (const l of this.listeners.get(name) ?? []) l(payload);
  }
}

interface Row extends Versioned {
  label: string;
}
interface Data {
  items: Row[];
  total: number;
  count: LiveCount;
  tally: number;
}

const row = (n: number, over: Partial<Row> = {}): Row => ({ id: `r${n}`, version: 1, position: n, label: `row ${n}`, ...over });
const data = (rows: Row[], total = rows.length, position = Math.max(0, ...rows.map((r) => r.position))): Data => ({
  items: rows,
  total,
  count: countFrom(position),
  tally: total,
});

/** The page's merge: newest first, 10 a page, and a count of everything. */
const apply = (d: Data, push: Row): Data => {
  const page = mergeNewestFirst(d, push, 10);
  const { count, adds } = countPush(d.count, push);
  return { items: page.items, total: page.total, count, tally: d.tally + (adds ? 1 : 0) };
};

/** Reads the test answers by hand, in any order. */
function harness(entity?: string | readonly string[], clock?: { t: number }, more: Pick<LiveViewOptions<Data, Row>, 'offline'> = {}) {
  const log: string[] = [];
  const conn = new FakeConnection(log);
  const reads: { resolve: (d: Data) => void; reject: (e: Error) => void; signal: AbortSignal }[] = [];
  const states: LiveViewState<Data>[] = [];
  const view = new LiveView<Data, Row>(conn, {
    messages: ['row.changed'],
    entity,
    read: (signal) => {
      log.push('read');
      return new Promise<Data>((resolve, reject) => reads.push({ resolve, reject, signal }));
    },
    apply,
    onChange: (s) => states.push(s),
    resync: { afterPushes: 3, minIntervalMs: 1000 },
    ...(clock ? { now: () => clock.t } : {}),
    ...more,
  });
  const shown = () => view.state.data;
  const ids = () => shown()?.items.map((r) => r.id);
  /** Starts with the socket already up. */
  const startOnline = () => {
    conn.connected = true;
    view.start();
  };
  /** The first read answers `rows`; resolves once the view has them. */
  const firstRead = async (rows: Row[]) => {
    reads[0]!.resolve(data(rows));
    await settle();
  };
  return { conn, log, reads, view, shown, ids, states, startOnline, firstRead };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('live view ordering', () => {
  it('listens before the first read, and reads again on the first connect (a push made before it joined is in that read)', async () => {
    const h = harness();
    h.view.start();
    expect(h.log).toEqual(['listen row.changed', 'read']); // fast first paint, before any connect
    await h.firstRead([row(1)]);
    expect(h.ids()).toEqual(['r1']);

    // Row 2 was stored before the socket connected: no push will come for it, but the read after connect has it.
    h.conn.connect();
    expect(h.reads).toHaveLength(2);
    h.reads[1]!.resolve(data([row(2), row(1)]));
    await settle();
    expect(h.ids()).toEqual(['r2', 'r1']);
    expect(h.view.state.live).toBe(true);
  });

  it('joins the entity room and waits for the ack before it reads', async () => {
    const h = harness('order:o1');
    h.startOnline();
    expect(h.log).toEqual(['listen row.changed', 'join order:o1']);
    expect(h.reads).toHaveLength(0);
    h.conn.ackJoins();
    await settle();
    expect(h.log).toEqual(['listen row.changed', 'join order:o1', 'joined', 'read']);
    h.view.stop();
    expect(h.conn.left).toEqual(['order:o1']);
  });

  it("follows two rooms (a Provider Admin's list: its provider's and its own account's): joins both before it reads, a row heard in both counts once, leaves both", async () => {
    const h = harness(['account:pa1', 'provider:p1']);
    h.startOnline();
    expect(h.log).toEqual(['listen row.changed', 'join account:pa1', 'join provider:p1']);
    expect(h.reads).toHaveLength(0);
    h.conn.ackJoins();
    await settle();
    expect(h.view.state.live).toBe(true);
    await h.firstRead([row(1)]);
    // The admin's own order (account room) and a member's (provider room); the own one is heard in both rooms.
    h.conn.push('row.changed', row(2));
    h.conn.push('row.changed', row(3));
    h.conn.push('row.changed', row(2));
    expect(h.ids()).toEqual(['r3', 'r2', 'r1']);
    expect(h.shown()?.tally).toBe(3);
    // A newer version of the own order replaces it in place, from either room.
    h.conn.push('row.changed', row(2, { version: 2, label: 'paid' }));
    h.conn.push('row.changed', row(2, { version: 1, label: 'stale' }));
    expect(h.shown()?.items.find((r) => r.id === 'r2')?.label).toBe('paid');
    h.view.stop();
    expect(h.conn.left).toEqual(['account:pa1', 'provider:p1']);
  });

  it('is not live while one of its two rooms refuses', async () => {
    const h = harness(['account:pa1', 'provider:p1']);
    h.startOnline();
    h.conn.ackJoins(false);
    await settle();
    expect(h.view.state.live).toBe(false);
    h.view.stop();
  });

  it('keeps a push that arrives while a read is in flight, once, whether or not the read has it', async () => {
    const h = harness();
    h.startOnline();
    h.conn.push('row.changed', row(3)); // before the read lands: buffered
    h.conn.push('row.changed', row(4));
    h.reads[0]!.resolve(data([row(3), row(2)], 2)); // the read was taken after row 3, before row 4
    await settle();
    expect(h.ids()).toEqual(['r4', 'r3', 'r2']);
    expect(h.shown()!.total).toBe(3);
    expect(h.shown()!.tally).toBe(3);
  });

  it('shows a duplicate push once and counts it once', async () => {
    const h = harness();
    h.startOnline();
    await h.firstRead([row(1)]);
    h.conn.push('row.changed', row(2));
    h.conn.push('row.changed', row(2));
    expect(h.ids()).toEqual(['r2', 'r1']);
    expect(h.shown()!.total).toBe(2);
    expect(h.shown()!.tally).toBe(2);
  });

  it('never goes back to an older version after a newer one', async () => {
    const h = harness();
    h.startOnline();
    await h.firstRead([row(1, { version: 3, label: 'v3' })]);
    h.conn.push('row.changed', row(1, { version: 2, label: 'v2' }));
    expect(h.shown()!.items[0]!.label).toBe('v3');
    h.conn.push('row.changed', row(1, { version: 4, label: 'v4', position: 9 }));
    expect(h.shown()!.items[0]!.label).toBe('v4');
    expect(h.shown()!.total).toBe(1);
  });

  it('a read that lands with an older version than a push in flight keeps the pushed version', async () => {
    const h = harness();
    h.startOnline();
    h.conn.push('row.changed', row(1, { version: 2, label: 'v2' }));
    await h.firstRead([row(1, { version: 1, label: 'v1' })]);
    expect(h.shown()!.items.map((r) => r.label)).toEqual(['v2']);
  });

  it('reads again after a reconnect and takes in what it missed while disconnected; a stale read does not win', async () => {
    const h = harness();
    h.startOnline();
    await h.firstRead([row(1)]);
    h.conn.drop();
    expect(h.view.state.live).toBe(false);
    h.view.reload(); // e.g. a filter change while offline
    h.conn.connect(); // row 2 was stored while offline
    expect(h.reads).toHaveLength(3);
    expect(h.reads[1]!.signal.aborted).toBe(true);
    h.reads[2]!.resolve(data([row(2), row(1)]));
    h.reads[1]!.resolve(data([row(1)])); // the aborted read lands late: ignored
    await settle();
    expect(h.ids()).toEqual(['r2', 'r1']);
    expect(h.view.state.live).toBe(true);
  });

  it('shows a failed read as an error, keeps the data, and stops applying after stop()', async () => {
    const h = harness();
    h.startOnline();
    await h.firstRead([row(1)]);
    void h.view.reload();
    h.reads[1]!.reject(new Error('The server is down.'));
    await settle();
    expect(h.view.state).toMatchObject({ status: 'error', error: 'The server is down.' });
    expect(h.ids()).toEqual(['r1']);
    h.view.stop();
    h.conn.push('row.changed', row(5));
    expect(h.ids()).toEqual(['r1']);
  });
});

describe('live view resync', () => {
  it('reads again after many pushes, no sooner than the interval after the last read, so a screen left open stays bounded', async () => {
    const clock = { t: 0 };
    const h = harness(undefined, clock);
    h.startOnline();
    await h.firstRead([row(1)]);
    for (const n of [2, 3, 4]) h.conn.push('row.changed', row(n));
    expect(h.reads).toHaveLength(1); // too soon after the last read
    clock.t = 1000;
    h.conn.push('row.changed', row(5));
    expect(h.reads).toHaveLength(2);
    h.conn.push('row.changed', row(6)); // during the read: buffered, not another read
    expect(h.reads).toHaveLength(2);
    h.reads[1]!.resolve(data([row(5), row(4), row(3), row(2), row(1)]));
    await settle();
    expect(h.ids()).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1']);
    expect(h.shown()!.tally).toBe(6);
  });
});

describe('live view offline fallback', () => {
  // Timers are the clock here: the test moves time on by exactly the interval instead of sleeping.
  afterEach(() => vi.useRealTimers());
  const EVERY = 3000;
  const settled = (d: Data) => d.items[0]?.label === 'settled';
  const offlineHarness = (entity?: string) => {
    vi.useFakeTimers();
    return harness(entity, undefined, { offline: { everyMs: EVERY, until: settled } });
  };
  const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  it('reads every interval while the socket is down, never on top of a read in flight, and stops once connected', async () => {
    const h = offlineHarness();
    h.view.start();
    h.reads[0]!.resolve(data([row(1)]));
    await tick(EVERY - 1);
    expect(h.reads).toHaveLength(1);
    await tick(1);
    expect(h.reads).toHaveLength(2);
    await tick(EVERY * 2); // the second read has not landed: not asked again
    expect(h.reads).toHaveLength(2);
    h.reads[1]!.resolve(data([row(2), row(1)]));
    await tick(EVERY);
    expect(h.reads).toHaveLength(3);
    expect(h.ids()).toEqual(['r2', 'r1']);
    h.reads[2]!.resolve(data([row(2), row(1)]));
    await tick(0);

    h.conn.connect(); // live: pushes flow, the fallback stops (the connect's own read is the last)
    expect(h.reads).toHaveLength(4);
    h.reads[3]!.resolve(data([row(2), row(1)]));
    await tick(EVERY * 5);
    expect(h.view.state.live).toBe(true);
    expect(h.reads).toHaveLength(4);

    h.conn.drop(); // down again: the fallback is back
    await tick(EVERY);
    expect(h.reads).toHaveLength(5);
  });

  it('stops asking once the data is settled, and after stop()', async () => {
    const h = offlineHarness();
    h.view.start();
    h.reads[0]!.resolve(data([row(1)]));
    await tick(EVERY);
    h.reads[1]!.resolve(data([row(1, { version: 2, label: 'settled' })]));
    await tick(EVERY * 5);
    expect(h.reads).toHaveLength(2);

    const other = offlineHarness();
    other.view.start();
    other.reads[0]!.resolve(data([row(1)]));
    await tick(0);
    other.view.stop();
    await tick(EVERY * 5);
    expect(other.reads).toHaveLength(1);
  });

  it('asks while the entity room is refused, even with the socket up', async () => {
    const h = offlineHarness('order:o1');
    h.startOnline();
    h.conn.ackJoins(false);
    await tick(0);
    h.reads[0]!.resolve(data([row(1)]));
    await tick(0);
    expect(h.view.state.live).toBe(false);
    await tick(EVERY);
    expect(h.reads).toHaveLength(2);
  });

  it('without the fallback (a list) waits for the next connect', async () => {
    vi.useFakeTimers();
    const h = harness();
    h.view.start();
    h.reads[0]!.resolve(data([row(1)]));
    await tick(EVERY * 5);
    expect(h.reads).toHaveLength(1);
  });
});

describe('live merge rules', () => {
  it('one entity shown takes a newer push of itself and ignores an older one or another entity', () => {
    const same = (a: Row, b: Row) => a.id === b.id;
    const shown = row(1, { version: 2, label: 'needs confirmation' });
    const paid = row(1, { version: 3, label: 'paid' });
    expect(newerOf(shown, paid, same)).toBe(paid);
    expect(newerOf(paid, shown, same)).toBe(paid); // a late push never goes backwards
    expect(newerOf(shown, row(2, { version: 9 }), same)).toBe(shown);
  });

  it('adds a row the page lacks only when it is newer than every row the page holds', () => {
    const page = { items: [row(5), row(4)], total: 2 };
    expect(mergeNewestFirst(page, row(3), 10).added).toBe(false); // older: the read had it (or another page does)
    expect(mergeNewestFirst(page, row(6), 10)).toMatchObject({ added: true, total: 3 });
    expect(mergeNewestFirst(page, row(6), 10, () => false).added).toBe(false); // filtered out
    expect(mergeNewestFirst({ items: [row(2), row(1)], total: 5 }, row(3), 2).items.map((r) => r.id)).toEqual(['r3', 'r2']);
  });

  it('counts only pushes above the read position, each once', () => {
    let c = countFrom(10);
    expect(countPush(c, row(9)).adds).toBe(false);
    ({ count: c } = countPush(c, row(11)));
    expect(countPush(c, row(11)).adds).toBe(false);
    expect(countPush(c, row(12)).adds).toBe(true);
  });
});
