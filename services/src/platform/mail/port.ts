export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, when not to the sender. */
  replyTo?: string;
  /**
   * The message's Message-ID, `<id@domain>`: the same on every attempt of one delivery, so a copy sent again after a
   * crash between the server's acceptance and the job's completion is the same message to the receiving side.
   */
  messageId?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
