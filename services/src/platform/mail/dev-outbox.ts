import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { OutboxMessage } from '@acpg/contracts/notifications';
import type { Mailer } from './port.ts';
import type { SmsSender } from '../sms/port.ts';

export interface DevOutboxEntry {
  channel: OutboxMessage['channel'];
  to: string;
  subject: string | null;
  text: string;
}

/** The embedded profile's stand-in for SMTP, SMS and postal mail: every message is stored, readable in the app when DEV_OUTBOX is on. */
export interface DevOutbox {
  record(entry: DevOutboxEntry): OutboxMessage;
  /** Newest first; `to` matches case-insensitively. Default limit 50. */
  list(to: string, limit?: number): OutboxMessage[];
}

export interface DevOutboxOptions {
  clock?: () => Date;
  newId?: () => string;
}

export const createDevOutbox = (db: DatabaseSync, options: DevOutboxOptions = {}): DevOutbox => {
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  // A file made before postal letters had a CHECK without 'letter': it is rebuilt once with the wider one.
  const existing = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'dev_outbox'`).get() as { sql?: unknown } | undefined;
  if (existing && typeof existing.sql === 'string' && !existing.sql.includes("'letter'")) {
    db.exec(`ALTER TABLE dev_outbox RENAME TO dev_outbox_before_letters; DROP INDEX IF EXISTS dev_outbox_to;`);
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS dev_outbox (
      id TEXT PRIMARY KEY,
      channel TEXT NOT NULL CHECK (channel IN ('email', 'sms', 'letter')),
      "to" TEXT NOT NULL COLLATE NOCASE,
      subject TEXT,
      text TEXT NOT NULL,
      sent_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS dev_outbox_to ON dev_outbox ("to", sent_at);
  `);
  if (existing && typeof existing.sql === 'string' && !existing.sql.includes("'letter'")) {
    db.exec(`INSERT INTO dev_outbox (id, channel, "to", subject, text, sent_at) SELECT id, channel, "to", subject, text, sent_at FROM dev_outbox_before_letters ORDER BY rowid; DROP TABLE dev_outbox_before_letters;`);
  }
  const insert = db.prepare(`INSERT INTO dev_outbox (id, channel, "to", subject, text, sent_at) VALUES (?, ?, ?, ?, ?, ?)`);
  // rowid breaks ties between messages stored in the same millisecond.
  const select = db.prepare(`
    SELECT id, channel, "to", subject, text, sent_at FROM dev_outbox
    WHERE "to" = ? ORDER BY sent_at DESC, rowid DESC LIMIT ?`);

  return {
    record: (entry) => {
      const message: OutboxMessage = { id: newId(), channel: entry.channel, to: entry.to, subject: entry.subject, text: entry.text, sent_at: clock().toISOString() };
      insert.run(message.id, message.channel, message.to, message.subject, message.text, message.sent_at);
      return message;
    },
    list: (to, limit = 50) => select.all(to, Math.max(1, Math.min(limit, 500))) as unknown as OutboxMessage[],
  };
};

export const devOutboxMailer = (outbox: DevOutbox): Mailer => ({
  send: async (message) => {
    outbox.record({ channel: 'email', to: message.to, subject: message.subject, text: message.text });
  },
});

export const devOutboxSms = (outbox: DevOutbox): SmsSender => ({
  send: async (message) => {
    outbox.record({ channel: 'sms', to: message.to, subject: null, text: message.text });
  },
});
