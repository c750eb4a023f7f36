import type { NewEvent } from '../event-store/port.ts';

/** The parts of the command metadata an envelope records. */
export interface EnvelopeMeta {
  now: Date;
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
}

/**
 * The one place an event envelope is built (commands, seeds and the interaction hot path): the store then adds
 * stream, version and position. Flat arguments, so the hot path allocates nothing but the envelope.
 */
export const eventEnvelope = (id: string, type: string, data: unknown, meta: EnvelopeMeta): NewEvent => ({
  id,
  type,
  data,
  occurredAt: meta.now.toISOString(),
  actor: meta.actor,
  correlationId: meta.correlationId,
  causationId: meta.causationId ?? null,
});
