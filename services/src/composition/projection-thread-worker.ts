import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { createEmbeddedEventBus } from '../platform/event-bus/embedded.ts';
import type { EventStore, StoredEvent } from '../platform/event-store/port.ts';
import { createSqliteEventStore } from '../platform/event-store/sqlite.ts';
import type { Subscription } from '../platform/event-bus/port.ts';
import { runProjection } from '../platform/projections/runner.ts';
import { createSqliteProjectionStore } from '../platform/projections/sqlite.ts';
import type { Realtime } from '../platform/realtime/port.ts';
import { openSqlite, shareWriteLock, type SqliteSynchronous } from '../platform/sqlite/open.ts';
import { allProjections } from './modules.ts';
import type { PushCall, ThreadData, ThreadMessage } from './projection-thread.ts';

/**
 * The thread of projection-thread.ts: runs the named projections over a SQLite connection of its own (bus tail,
 * read-model transaction, checkpoint), woken by the main thread's commits; each applied batch's pushes are posted
 * back to the main thread, which emits them (socket.io lives there).
 */
const { file, synchronous, names, logLevel, wakeCounter } = workerData as ThreadData & { synchronous: SqliteSynchronous };
const port = parentPort;
if (!port) throw new Error('projection-thread-worker.ts runs only as a worker thread');
const post = (message: ThreadMessage) => port.postMessage(message);
const log = pino({ level: logLevel, base: { thread: 'projections' } });

const db = openSqlite(file, synchronous);
shareWriteLock(db, { buffer: wakeCounter, index: 2 });
const eventStore = createSqliteEventStore(db);

// The main thread counts its commits in word 0 of a shared buffer (a change wakes the bus tails here) and sets word 1
// when it stops the thread; word 2 is the write lock both connections take before a transaction.
const listeners = new Set<(events: readonly StoredEvent[]) => void>();
const counter = new Int32Array(wakeCounter);
let stopped = false;
const watch = async () => {
  let seen = Atomics.load(counter, 0);
  while (!stopped && Atomics.load(counter, 1) === 0) {
    const waiting = Atomics.waitAsync(counter, 0, seen, 1000);
    if (waiting.async) await waiting.value;
    const now = Atomics.load(counter, 0);
    if (now !== seen) {
      seen = now;
      for (const listener of listeners) listener([]);
    }
  }
};
const wakeable: EventStore = {
  ...eventStore,
  onAppended(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
const bus = createEmbeddedEventBus(db, wakeable, { logger: log.child({ port: 'event-bus' }) });
const projections = createSqliteProjectionStore(db);

/** Collects a batch's pushes and posts them in one message once the synchronous push code has run. */
let pushes: PushCall[] = [];
const forward = (call: PushCall) => {
  if (pushes.length === 0) queueMicrotask(() => {
    const calls = pushes;
    pushes = [];
    post({ kind: 'pushes', calls });
  });
  pushes.push(call);
};
const realtime: Realtime = {
  toUser: (id, message, payload) => forward(['toUser', id, message, payload]),
  toRole: (role, message, payload) => forward(['toRole', role, message, payload]),
  toEntity: (entity, message, payload) => forward(['toEntity', entity, message, payload]),
};

const start = async (): Promise<Subscription[]> => {
  const known = new Map(allProjections().map((projection) => [projection.name, projection]));
  const subscriptions: Subscription[] = [];
  for (const name of names) {
    const projection = known.get(name);
    if (!projection) throw new Error(`Projection ${name} is not in the module list`);
    subscriptions.push(await runProjection({ bus, store: projections, projection, realtime, log: log.child({ projection: name }) }));
  }
  return subscriptions;
};

const running = start();
void watch();
running.then(
  () => post({ kind: 'ready' }),
  (error: unknown) => {
    throw error; // an uncaught error ends the thread; the main thread hears it and falls back
  },
);

port.on('message', (message) => {
  if (message !== 'stop') return;
  stopped = true;
  void (async () => {
    await Promise.all((await running).map((subscription) => subscription.stop()));
    await bus.close();
    await eventStore.close();
    db.close();
    post({ kind: 'stopped' });
    port.close();
  })();
});
