import { commandMetaFrom, handleCommand, type CommandOrigin, type Decider, type DomainEvent } from '../../platform/commands/handle-command.ts';
import type { Platform } from '../../platform/module.ts';

/**
 * Runs an admin's content command with the platform's clock and ids. No retry on a concurrent edit: the admin must
 * see the other edit before overwriting it, so it answers 409.
 */
export const handleContentCommand = <Command, Event extends DomainEvent, State>(
  platform: Platform,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: (now: Date) => Command,
  origin: CommandOrigin,
) => {
  const meta = commandMetaFrom(platform, origin);
  return handleCommand(platform.eventStore, stream, decider, command(meta.now), meta, {
    conflictMessage: 'Someone else changed this at the same time. Reload and try again.',
  });
};
