import type { DevOutbox } from '../mail/dev-outbox.ts';
import { addressLine, type PostalMail } from './port.ts';

/**
 * The embedded adapter: a letter is stored in the dev outbox (channel `letter`, `to` the address on one line), where a
 * developer or a browser test reads it (`GET /dev/outbox?to=<address>`). Nothing is printed or mailed.
 */
export const devOutboxPostalMail = (outbox: DevOutbox): PostalMail => ({
  send: async (letter) => {
    outbox.record({ channel: 'letter', to: addressLine(letter.to), subject: letter.subject, text: `${letter.to.name}\n${addressLine(letter.to)}\n\n${letter.text}` });
  },
});
