/** A postal address a letter goes to (US). */
export interface PostalAddress {
  /** Who the letter is for, e.g. "The homeowner". */
  name: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
}

export interface Letter {
  to: PostalAddress;
  /** The letter's heading. */
  subject: string;
  /** The letter's body, plain text. */
  text: string;
}

/**
 * Printed and mailed letters (a one-time code sent to a property's address). `send` resolves once the provider has
 * accepted the letter and throws otherwise (the job retries). The embedded adapter keeps letters in the dev outbox;
 * production plugs a print-and-mail provider (Lob, PostGrid, ...) by implementing this port (see `select.ts`).
 */
export interface PostalMail {
  send(letter: Letter): Promise<void>;
}

/** The address on one line, as the dev outbox keys a letter: "1234 Oak Street, San Jose, CA 95125". */
export const addressLine = (to: Pick<PostalAddress, 'line1' | 'city' | 'state' | 'zip'>): string => `${to.line1}, ${to.city}, ${to.state} ${to.zip}`;
