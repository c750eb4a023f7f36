import { createTransport } from 'nodemailer';
// The SMTP transport itself: it reads the URL and the timeouts together (createTransport({ url }) would drop the timeouts).
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Mailer, MailMessage } from './port.ts';

/** How long a send may wait on the server, in ms (nodemailer's own defaults wait up to an hour of silence). */
export interface SmtpTimeouts {
  /** To open the connection. */
  connectionMs: number;
  /** For the server's greeting once connected: a server that accepts and says nothing fails here. */
  greetingMs: number;
  /** Of silence on the connection in the middle of a send. */
  socketMs: number;
}

/** As SMTP_CONNECTION_TIMEOUT_MS, SMTP_GREETING_TIMEOUT_MS and SMTP_SOCKET_TIMEOUT_MS default. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** The timeouts the configuration names (`platform/config/schema.ts`). */
export const smtpTimeoutsOf = (config: { SMTP_CONNECTION_TIMEOUT_MS: number; SMTP_GREETING_TIMEOUT_MS: number; SMTP_SOCKET_TIMEOUT_MS: number }): SmtpTimeouts => ({
  connectionMs: config.SMTP_CONNECTION_TIMEOUT_MS,
  greetingMs: config.SMTP_GREETING_TIMEOUT_MS,
  socketMs: config.SMTP_SOCKET_TIMEOUT_MS,
});

export interface SmtpMailerOptions {
  /** e.g. smtps://user:pass@smtp.example.com:465 or smtp://localhost:1025 */
  url: string;
  /** e.g. 'ACPG <no-reply@example.com>' */
  from: string;
  /** Default DEFAULT_SMTP_TIMEOUTS. */
  timeouts?: SmtpTimeouts;
}

export interface SmtpMailer extends Mailer {
  close(): void;
}

/**
 * The distributed profile's mailer: nodemailer over SMTP. A refused or failed delivery throws, so the job retries; so
 * does a server that does not answer in time (`timeouts`), so a hung server never holds a notifications worker.
 */
export const createSmtpMailer = (options: SmtpMailerOptions): SmtpMailer => {
  const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
  const transport = createTransport(
    new SMTPTransport({
      url: options.url,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    }),
  );
  return {
    send: async (message: MailMessage) => {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.messageId === undefined ? {} : { messageId: message.messageId }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
      });
    },
    close: () => transport.close(),
  };
};
