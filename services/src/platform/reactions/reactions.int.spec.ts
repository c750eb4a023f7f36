import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../../../test/engines.global-setup.ts';
import { createEmbeddedEventBus } from '../event-bus/embedded.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import { createBullmqJobs } from '../jobs/bullmq.ts';
import type { Jobs } from '../jobs/port.ts';
import { createSqliteJobs } from '../jobs/sqlite.ts';
import { openSqlite } from '../sqlite/open.ts';
import { reactionsContract } from './contract.ts';
import type { DatabaseSync } from 'node:sqlite';

/** The embedded log and bus on a fresh SQLite file, with the jobs `jobsOf` makes. */
const fixture = (jobsOf: (db: DatabaseSync) => Jobs) => async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reactions-'));
  const db = openSqlite(join(dir, 'app.sqlite'));
  const store = createSqliteEventStore(db);
  const bus = createEmbeddedEventBus(db, store, { pollMs: 100 });
  const jobs = jobsOf(db);
  return {
    store,
    bus,
    jobs,
    rewind: async (group: string, position: number) => {
      db.prepare('UPDATE bus_checkpoints SET position = ? WHERE group_name = ?').run(position, group);
    },
    cleanup: async () => {
      await bus.close();
      await jobs.close();
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

reactionsContract('embedded profile (SQLite log, bus and jobs)', fixture((db) => createSqliteJobs(db, { pollMs: 100 })));

reactionsContract(
  'BullMQ on Redis (jobs), SQLite log and bus',
  fixture(() => createBullmqJobs({ connection: inject('redisUrl'), prefix: `reactions-${randomUUID().slice(0, 8)}` })),
);
