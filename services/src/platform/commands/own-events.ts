import type { StoredEvent } from '../event-store/port.ts';
import type { DomainEvent } from './handle-command.ts';
import type { CommandMeta } from './metadata.ts';

/**
 * A decider's `fromStored` for events only its module writes: a stored event of one of `types` is read back as it was
 * decided (not re-validated: an event is a fact the module wrote), any other type is null.
 */
export const ownEvents = <Event extends DomainEvent>(types: Iterable<string>) => {
  const known: ReadonlySet<string> = new Set(types);
  return (stored: Pick<StoredEvent, 'type' | 'data'>): Event | null => (known.has(stored.type) ? ({ type: stored.type, data: stored.data } as Event) : null);
};

/** Who did it and when, from the command's metadata: `by` the actor (`system` for jobs), `at` an ISO time. */
export const signedBy = (metadata: CommandMeta): { by: string; at: string } => ({ by: metadata.actor ?? 'system', at: metadata.now.toISOString() });
