import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointer {
  /** Stops the thread (after the checkpoint in hand) and gives checkpoints back to the connection's commits. */
  stop(): Promise<void>;
}

export interface WalCheckpointerOptions {
  /** A PASSIVE checkpoint this often. Default 100 ms. */
  everyMs?: number;
  /** When the WAL holds this many pages, a RESTART checkpoint, so the next write starts it over. Default 16,384 (64 MB). */
  restartPages?: number;
  onError?: (error: unknown) => void;
}

/** SQLite's default: a commit that leaves the WAL above this many pages checkpoints it. */
const AUTO_CHECKPOINT_PAGES = 1000;

/**
 * Takes WAL checkpoints off the event loop. By default the commit that crosses 1,000 WAL pages copies them into the
 * database file and fsyncs it, inside whichever request or projection pass happened to commit: the profile of the
 * interaction route showed those waits inside its commits. Here `db` no longer checkpoints on commit; a worker
 * thread with its own connection to `file` runs a PASSIVE checkpoint every `everyMs` (it never blocks the writer or
 * readers, and once it has copied every frame the next write starts the WAL over), and, when writes come so fast that
 * the WAL passes `restartPages`, a RESTART checkpoint (writers wait for it; it only has the frames since the last
 * round left to copy). Durability is unchanged: a committed transaction is in the WAL, which SQLite replays on open
 * after a crash; checkpoints only move pages. If the thread fails, the connection checkpoints on commit again.
 */
export const startWalCheckpointer = (db: DatabaseSync, file: string, { everyMs = 100, restartPages = 16_384, onError }: WalCheckpointerOptions = {}): WalCheckpointer => {
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const restore = () => {
    if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  const worker = new Worker(new URL('./wal-checkpointer-thread.ts', import.meta.url), { workerData: { file, everyMs, restartPages } });
  worker.unref(); // a process that never called stop() can still exit
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', (error) => {
    restore();
    onError?.(error);
  });
  return {
    async stop() {
      worker.ref(); // the process waits for the thread's last checkpoint and its close
      worker.postMessage('stop');
      await exited;
      restore();
    },
  };
};
