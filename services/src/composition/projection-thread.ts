import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { EventStore } from '../platform/event-store/port.ts';
import type { Projection } from '../platform/projections/port.ts';
import type { Realtime } from '../platform/realtime/port.ts';
import { shareWriteLock, type SqliteSynchronous } from '../platform/sqlite/open.ts';

/** One push the thread's projection code made, replayed on the main thread's realtime. */
export type PushCall = [method: keyof Realtime, target: string, message: string, payload: unknown];

export type ThreadMessage = { kind: 'ready' } | { kind: 'stopped' } | { kind: 'pushes'; calls: PushCall[] };

export interface ThreadData {
  file: string;
  synchronous: SqliteSynchronous;
  /** Projections to run, by name (the thread takes them from the module list). */
  names: string[];
  logLevel: string;
  /** Word 0: commits of the main thread (wakes the tails); word 1: set to stop; word 2: the shared write lock. */
  wakeCounter: SharedArrayBuffer;
}

export interface ProjectionThreadOptions {
  file: string;
  synchronous: SqliteSynchronous;
  projections: readonly Projection[];
  /** The main thread's connection (it shares a write lock with the thread's) and event store (its commits wake the thread). */
  db: DatabaseSync;
  eventStore: EventStore;
  realtime: Realtime;
  log: Logger;
  /** Runs the projections on the main thread instead (the thread failed to start or died). */
  fallback: () => Promise<{ stop(): Promise<void> }>;
}

/**
 * Runs the embedded profile's projections in a worker thread of this process, off the request thread: the thread
 * has its own connection to the SQLite file (bus tail, read-model transaction and checkpoint, as runProjection does
 * in-thread), is woken by every commit of the main thread through a shared counter, and posts each applied batch's
 * pushes back here, where they are emitted (after the read-model write, as in-thread). If the thread cannot start or
 * dies, the projections run on the main thread from their checkpoints (logged); nothing is lost, since the
 * checkpoints and documents are in the file.
 */
export const startProjectionThread = async (options: ProjectionThreadOptions): Promise<{ stop(): Promise<void> }> => {
  const { file, synchronous, projections, db, eventStore, realtime, log, fallback } = options;
  const wakeCounter = new SharedArrayBuffer(12);
  shareWriteLock(db, { buffer: wakeCounter, index: 2 });
  const words = new Int32Array(wakeCounter);
  const data: ThreadData = { file, synchronous, names: projections.map((p) => p.name), logLevel: log.level, wakeCounter };
  const worker = new Worker(new URL('./projection-thread-worker.ts', import.meta.url), { workerData: data });
  const stopListening = eventStore.onAppended(() => {
    Atomics.add(words, 0, 1);
    Atomics.notify(words, 0);
  });

  let stopping = false;
  let replacement: Promise<{ stop(): Promise<void> }> | null = null;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let markReady: (ready: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));

  const fallBack = (reason: string, error?: unknown) => {
    if (stopping || replacement) return;
    stopListening();
    log.error({ err: error }, `projection thread ${reason}; running projections on the main thread`);
    replacement = fallback();
    replacement.catch((fallbackError: unknown) => log.error({ err: fallbackError }, 'projections could not start on the main thread'));
  };
  worker.on('message', (message: ThreadMessage) => {
    if (message.kind === 'ready') markReady(true);
    else if (message.kind === 'pushes') {
      for (const [method, target, name, payload] of message.calls) {
        try {
          realtime[method](target, name, payload);
        } catch (error) {
          log.error({ err: error, message: name }, 'push from the projection thread failed');
        }
      }
    }
  });
  worker.on('error', (error) => {
    markReady(false);
    fallBack('failed', error);
  });
  worker.on('exit', (code) => {
    markReady(false);
    fallBack(`exited (code ${code})`);
  });

  if (!(await ready)) await replacement;
  return {
    async stop() {
      stopping = true;
      stopListening();
      if (replacement) {
        await (await replacement).stop();
        return;
      }
      Atomics.store(words, 1, 1);
      Atomics.notify(words, 0);
      worker.postMessage('stop');
      await exited;
    },
  };
};
