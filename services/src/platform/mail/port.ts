export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, when not to the sender. */
  replyTo?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
