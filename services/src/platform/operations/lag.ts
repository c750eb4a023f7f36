import type { GroupLag } from '../event-bus/port.ts';
import type { EventStore } from '../event-store/port.ts';

/** Counting stops here: an operator needs "far behind", not the exact number, and the screen reads it every 5 s. */
export const LAG_CAP = 1000;

/**
 * The events of `types` after `position` in the log: how many (up to the cap) and when the oldest happened. A first read
 * of one event answers a caught-up reader (most of them, most of the time) without counting anything.
 */
export const lagAfter = async (store: Pick<EventStore, 'readAll'>, position: number, types?: readonly string[]): Promise<GroupLag> => {
  const of = types ? { types } : {};
  const [oldest] = await store.readAll({ after: position, limit: 1, ...of });
  if (!oldest) return { behind: 0, capped: false, oldestAt: null };
  const behind = await store.readAll({ after: position, limit: LAG_CAP, ...of });
  return { behind: behind.length, capped: behind.length >= LAG_CAP, oldestAt: oldest.occurredAt };
};
