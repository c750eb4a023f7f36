import type { DomainEvent } from '../../platform/commands/handle-command.ts';
import { ConcurrencyError } from '../../platform/event-store/port.ts';
import type { Platform } from '../../platform/module.ts';

/**
 * Appends a stream's first events only if the stream does not exist yet: once seeded, or once an admin has
 * edited the content, the append at version 0 conflicts and the seed leaves the stream alone.
 */
export const seedStream = async (platform: Platform, stream: string, events: readonly DomainEvent[], now: Date, correlationId: string) => {
  if (events.length === 0) return;
  try {
    await platform.eventStore.append(
      stream,
      0,
      events.map((event) => ({
        id: platform.newId(),
        type: event.type,
        data: event.data,
        occurredAt: now.toISOString(),
        actor: 'system',
        correlationId,
        causationId: null,
      })),
    );
  } catch (error) {
    if (error instanceof ConcurrencyError) return;
    throw error;
  }
};
