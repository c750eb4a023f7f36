import type { EventStore } from '../event-store/port.ts';
import { handleCommand, isAlreadyExists, type Command, type Decider, type DomainEvent } from './handle-command.ts';

/**
 * Seeds a stream with the events its commands decide, only if the stream does not exist yet: once seeded, or once
 * someone has changed it, the seed leaves it alone. All its events go in one append. Answers whether it wrote.
 */
export const seedStream = async <C extends Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<C, Event, State>,
  commands: readonly C[],
): Promise<boolean> => {
  try {
    const { events } = await handleCommand(store, stream, decider, commands, { newStream: true });
    return events.length > 0;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
};
