import type { StoredEvent } from '../src/platform/event-store/port.ts';

/** A stored event for unit tests: name what matters to the test, the rest of the envelope is filled in. */
export const storedEvent = (event: Pick<StoredEvent, 'type' | 'stream' | 'data'> & Partial<StoredEvent>): StoredEvent => {
  const version = event.version ?? 1;
  return {
    id: `e${event.position ?? version}`,
    version,
    position: version,
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: null,
    correlationId: 'c1',
    causationId: null,
    schemaVersion: 1,
    ...event,
  };
};
