import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

/** The worker thread of wal-checkpointer.ts: checkpoints one SQLite file on a timer until told to stop. */
const { file, everyMs, restartPages } = workerData as { file: string; everyMs: number; restartPages: number };
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 5000');
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');

const timer = setInterval(() => {
  // node:sqlite types rows loosely; the pragma answers one row { busy, log, checkpointed } (pages).
  const round = passive.get() as { busy: number; log: number; checkpointed: number } | undefined;
  if (round && round.log >= restartPages) restart.get();
}, everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
