import type { ContactMessageReceivedData, ContactTopic } from '@acpg/contracts/contact-messages';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';

/**
 * One stream per solved human check (`content-contactmessage-<check id>`): a message is recorded at expected version 0,
 * so a replayed human check is refused on every api process and a visitor's double click sends one message.
 */
export const contactMessageStream = (captchaId: string) => `content-contactmessage-${captchaId}`;

export type ContactMessageEvent = DomainEvent<'ContactMessageReceived', ContactMessageReceivedData>;
export type ContactMessageCommand = Command<
  'ReceiveContactMessage',
  { name: string; email: string; phone: string | null; topic: ContactTopic; message: string; to: string }
>;
export type ContactMessageState = { received: boolean };

export const CAPTCHA_USED = 'This human check was used already. Complete a new one.';

const unknownType = (type: never): never => {
  throw new DomainError('invalid', 'INVALID_COMMAND', `Unknown contact message command or event: ${String(type)}`);
};

export const contactMessageDecider: Decider<ContactMessageCommand, ContactMessageEvent, ContactMessageState> = {
  initialState: () => ({ received: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ContactMessageReceived':
        return { received: true };
      default:
        return unknownType(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReceiveContactMessage':
        if (state.received) throw new DomainError('invalid', 'CAPTCHA_FAILED', CAPTCHA_USED, [{ path: 'captcha', message: CAPTCHA_USED }]);
        return [
          {
            type: 'ContactMessageReceived',
            data: { message_id: command.metadata.newId(), ...command.data, received_at: command.metadata.now.toISOString() },
          },
        ];
      default:
        return unknownType(command.type);
    }
  },
};
