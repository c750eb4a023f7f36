import type { GroupLag } from '../event-bus/port.ts';
import type { EventStore } from '../event-store/port.ts';

/** Counting stops here: an operator needs "far behind", not the exact number, and a count must stay cheap. */
export const LAG_CAP = 10_000;

/** The events of `types` after `position` in the log: how many (up to the cap) and when the oldest happened. */
export const lagAfter = async (store: Pick<EventStore, 'readAll'>, position: number, types?: readonly string[]): Promise<GroupLag> => {
  const behind = await store.readAll({ after: position, limit: LAG_CAP, ...(types ? { types } : {}) });
  return { behind: behind.length, capped: behind.length >= LAG_CAP, oldestAt: behind[0]?.occurredAt ?? null };
};
