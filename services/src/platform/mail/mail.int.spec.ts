import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../sqlite/open.ts';
import { createDevOutbox, devOutboxMailer, devOutboxSms } from './dev-outbox.ts';
import { startSilentServer } from '../../../test/silent-smtp.ts';
import { ConfigSchema } from '../config/schema.ts';
import { createSmtpMailer, DEFAULT_SMTP_TIMEOUTS, smtpTimeoutsOf } from './smtp.ts';
import { devOutboxPostalMail } from '../postal-mail/dev-outbox.ts';

interface Envelope {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (no TLS, no auth) to receive what nodemailer sends; RCPT to rejected@... answers 550. */
const startSmtp = async () => {
  const received: Envelope[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: Envelope = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const to = line.replace(/^RCPT TO:\s*/i, '');
          if (to.includes('rejected@')) reply('550 5.1.1 no such user');
          else {
            current.to.push(to);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

describe('SMTP mailer', () => {
  const closers: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('sends from the configured sender, with subject, text and html', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const mailer = createSmtpMailer({ url: smtp.url, from: 'ACPG <no-reply@acpg.test>' });
    closers.push(() => mailer.close());
    await mailer.send({ to: 'jane@example.com', subject: 'Welcome aboard', text: 'Hello Jane', html: '<p>Hello Jane</p>' });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toContain('no-reply@acpg.test');
    expect(mail?.to).toEqual(['<jane@example.com>']);
    expect(mail?.data).toMatch(/^Subject: Welcome aboard$/m);
    expect(mail?.data).toMatch(/^From: ACPG <no-reply@acpg\.test>$/m);
    expect(mail?.data).toContain('Hello Jane');
    expect(mail?.data).toContain('<p>Hello Jane</p>');
  });

  it('throws when the server refuses the recipient, with the SMTP reply code', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const mailer = createSmtpMailer({ url: smtp.url, from: 'no-reply@acpg.test' });
    closers.push(() => mailer.close());
    const failure = await mailer.send({ to: 'rejected@example.com', subject: 's', text: 't' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ responseCode: 550 });
    expect(smtp.received).toEqual([]);
  });
});

describe('SMTP mailer and a hung server', () => {
  const closers: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const timeouts = { connectionMs: 500, greetingMs: 300, socketMs: 300 };
  const failureOf = async (send: Promise<void>) => {
    const started = Date.now();
    const error = await send.then(
      () => undefined,
      (e: unknown) => e,
    );
    return { error, ms: Date.now() - started };
  };

  it('fails a send within the greeting timeout when the server accepts and never answers', async () => {
    const server = await startSilentServer();
    closers.push(server.close);
    // The silence allowed is longer than the greeting's wait: the greeting timeout is the one that ends it.
    const mailer = createSmtpMailer({ url: server.url, from: 'no-reply@acpg.test', timeouts: { ...timeouts, socketMs: 2000 } });
    closers.push(() => mailer.close());
    const { error, ms } = await failureOf(mailer.send({ to: 'jane@example.com', subject: 's', text: 't' }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'ETIMEDOUT', message: expect.stringMatching(/greeting/i) });
    expect(ms).toBeLessThan(3000);
  });

  it('fails a send within the socket timeout when the server greets, then goes silent', async () => {
    const server = await startSilentServer(true);
    closers.push(server.close);
    const mailer = createSmtpMailer({ url: server.url, from: 'no-reply@acpg.test', timeouts });
    closers.push(() => mailer.close());
    const { error, ms } = await failureOf(mailer.send({ to: 'jane@example.com', subject: 's', text: 't' }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'ETIMEDOUT' });
    expect(ms).toBeLessThan(3000);
  });

  it('takes its timeouts from the configuration, with defaults of 10 s to connect and to be greeted and 30 s of silence', () => {
    expect(smtpTimeoutsOf(ConfigSchema.parse({}))).toEqual(DEFAULT_SMTP_TIMEOUTS);
    expect(DEFAULT_SMTP_TIMEOUTS).toEqual({ connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 });
    const set = ConfigSchema.parse({ SMTP_CONNECTION_TIMEOUT_MS: '2000', SMTP_GREETING_TIMEOUT_MS: '3000', SMTP_SOCKET_TIMEOUT_MS: '4000' });
    expect(smtpTimeoutsOf(set)).toEqual({ connectionMs: 2000, greetingMs: 3000, socketMs: 4000 });
    expect(() => ConfigSchema.parse({ SMTP_GREETING_TIMEOUT_MS: '0' })).toThrow(/SMTP_GREETING_TIMEOUT_MS/);
  });
});

describe('dev outbox', () => {
  it('stores every message and lists those for an address, newest first', async () => {
    const db = openSqlite(':memory:');
    let tick = Date.parse('2026-01-01T00:00:00.000Z');
    let n = 0;
    const outbox = createDevOutbox(db, { clock: () => new Date((tick += 1000)), newId: () => `m${(n += 1)}` });
    const mailer = devOutboxMailer(outbox);
    const sms = devOutboxSms(outbox);
    await mailer.send({ to: 'Jane@Example.com', subject: 'First', text: 'one' });
    await sms.send({ to: '+15551234567', text: 'Your code is 111111' });
    await mailer.send({ to: 'jane@example.com', subject: 'Second', text: 'two', html: '<b>two</b>' });
    await mailer.send({ to: 'other@example.com', subject: 'Not yours', text: 'x' });

    expect(outbox.list('jane@example.com')).toEqual([
      { id: 'm3', channel: 'email', to: 'jane@example.com', subject: 'Second', text: 'two', sent_at: '2026-01-01T00:00:03.000Z' },
      { id: 'm1', channel: 'email', to: 'Jane@Example.com', subject: 'First', text: 'one', sent_at: '2026-01-01T00:00:01.000Z' },
    ]);
    expect(outbox.list('jane@example.com', 1).map((m) => m.id)).toEqual(['m3']);
    expect(outbox.list('+15551234567')).toEqual([
      { id: 'm2', channel: 'sms', to: '+15551234567', subject: null, text: 'Your code is 111111', sent_at: '2026-01-01T00:00:02.000Z' },
    ]);
    expect(outbox.list('nobody@example.com')).toEqual([]);
    db.close();
  });

  it('keeps the order of messages stored in the same millisecond', () => {
    const db = openSqlite(':memory:');
    const outbox = createDevOutbox(db, { clock: () => new Date('2026-01-01T00:00:00.000Z') });
    for (const text of ['a', 'b', 'c']) outbox.record({ channel: 'sms', to: '+15550000000', subject: null, text });
    expect(outbox.list('+15550000000').map((m) => m.text)).toEqual(['c', 'b', 'a']);
    db.close();
  });

  it('keeps a letter from the postal-mail port, and widens an outbox made before letters without losing its messages', async () => {
    const db = openSqlite(':memory:');
    db.exec(`CREATE TABLE dev_outbox (id TEXT PRIMARY KEY, channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')), "to" TEXT NOT NULL COLLATE NOCASE, subject TEXT, text TEXT NOT NULL, sent_at TEXT NOT NULL);
      INSERT INTO dev_outbox VALUES ('old', 'email', 'a@example.com', 'Old', 'kept', '2026-01-01T00:00:00.000Z');`);
    const outbox = createDevOutbox(db);
    expect(outbox.list('a@example.com').map((m) => m.text)).toEqual(['kept']);
    await devOutboxPostalMail(outbox).send({ to: { name: 'The owner or resident', line1: '1234 Oak Street', city: 'San Jose', state: 'CA', zip: '95125' }, subject: 'Your code', text: 'Your code: K7QM-3XPA' });
    const [letter] = outbox.list('1234 oak street, San Jose, CA 95125');
    expect(letter).toMatchObject({ channel: 'letter', to: '1234 Oak Street, San Jose, CA 95125', subject: 'Your code' });
    expect(letter?.text).toContain('The owner or resident\n1234 Oak Street, San Jose, CA 95125\n\nYour code: K7QM-3XPA');
    db.close();
  });
});
