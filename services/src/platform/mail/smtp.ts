import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from './port.ts';

export interface SmtpMailerOptions {
  /** e.g. smtps://user:pass@smtp.example.com:465 or smtp://localhost:1025 */
  url: string;
  /** e.g. 'ACPG <no-reply@example.com>' */
  from: string;
}

export interface SmtpMailer extends Mailer {
  close(): void;
}

/** The distributed profile's mailer: nodemailer over SMTP. A refused or failed delivery throws, so the job retries. */
export const createSmtpMailer = (options: SmtpMailerOptions): SmtpMailer => {
  const transport = createTransport(options.url);
  return {
    send: async (message: MailMessage) => {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    },
    close: () => transport.close(),
  };
};
