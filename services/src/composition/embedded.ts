import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../platform/config/schema.ts';
import { openSqlite } from '../platform/sqlite/open.ts';
import { startWalCheckpointer } from '../platform/sqlite/wal-checkpointer.ts';
import { createSqliteEventStore } from '../platform/event-store/sqlite.ts';
import { createEmbeddedEventBus } from '../platform/event-bus/embedded.ts';
import { createSqliteDocuments } from '../platform/documents/sqlite.ts';
import { createSqliteProjectionStore } from '../platform/projections/sqlite.ts';
import { createSqliteJobs } from '../platform/jobs/sqlite.ts';
import { createDevOutbox, devOutboxMailer, devOutboxSms } from '../platform/mail/dev-outbox.ts';
import { createSmtpMailer, smtpTimeoutsOf } from '../platform/mail/smtp.ts';
import { createHttpSmsSender } from '../platform/sms/http.ts';
import { createSqliteFileRows } from '../platform/files/sqlite.ts';
import { filesKey } from '../platform/files/key.ts';
import { encryptedFiles } from '../platform/files/encrypted.ts';
import { createMemoryCounters } from '../platform/counters/memory.ts';
import type { Adapters } from './adapters.ts';
import { sqliteWritable } from '../platform/sqlite/writable.ts';

export const sqliteFile = (config: Pick<Config, 'DATA_DIR'>) => join(config.DATA_DIR, 'acpg.sqlite');

/**
 * Every SQLite file of the embedded profile that holds state, for backup and restore (`npm run backup`): today the one
 * file the adapters below open. A new file of state is added here. Replay namespaces (`replay-<name>.db`) are not
 * state: they are rebuilt from the log.
 */
export const embeddedStateFiles = (config: Pick<Config, 'DATA_DIR'>): { name: string; path: string; holds: string }[] => [
  { name: 'acpg.sqlite', path: sqliteFile(config), holds: 'event log, read models and their checkpoints, bus checkpoints, jobs, stored files, dev outbox' },
];

/** Embedded profile: one SQLite file holds the event log, read models, checkpoints, jobs and the dev outbox. */
export const createEmbeddedAdapters = async (config: Config, log: Logger): Promise<Adapters> => {
  const db = openSqlite(sqliteFile(config), config.SQLITE_SYNCHRONOUS);
  // Checkpoints (copying the WAL into the file, with fsyncs) in a thread of their own, not inside request commits.
  const checkpointer = startWalCheckpointer(db, sqliteFile(config), {
    onError: (error) => log.error({ err: error }, 'WAL checkpointer stopped; commits checkpoint again'),
  });
  const eventStore = createSqliteEventStore(db);
  const bus = createEmbeddedEventBus(db, eventStore, { logger: log.child({ port: 'event-bus' }) });
  const documents = createSqliteDocuments(db);
  const projections = createSqliteProjectionStore(db);
  const jobs = createSqliteJobs(db, { logger: log.child({ port: 'jobs' }) });
  // DEV_OUTBOX=true keeps every message in the app (nothing reaches a real inbox). Without it, email and SMS go to
  // the configured providers; a channel with no provider is kept in the (unserved) outbox rather than lost.
  const outbox = createDevOutbox(db);
  const devOutbox = config.DEV_OUTBOX ? outbox : null;
  const mailer =
    config.SMTP_URL && !config.DEV_OUTBOX ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, timeouts: smtpTimeoutsOf(config) }) : devOutboxMailer(outbox);
  const sms =
    config.SMS_API_URL && config.SMS_API_TOKEN && !config.DEV_OUTBOX
      ? createHttpSmsSender({ url: config.SMS_API_URL, token: config.SMS_API_TOKEN, from: config.SMS_FROM ?? '' })
      : devOutboxSms(outbox);
  const files = encryptedFiles(createSqliteFileRows(db), await filesKey(config));
  const counters = createMemoryCounters(); // one process: its memory is every api's
  return {
    eventStore,
    files,
    counters,
    bus,
    documents,
    projections,
    jobs,
    mailer,
    sms,
    devOutbox,
    readiness: { sqlite: sqliteWritable(db) },
    close: async () => {
      await jobs.close();
      await bus.close();
      await documents.close();
      await eventStore.close();
      await checkpointer.stop();
      await counters.close();
      db.close();
    },
  };
};
