import type { FastifyRequest } from 'fastify';
import type { StoredEvent } from '../event-store/port.ts';

/** Who, when and in answer to what: everything about a command that a pure decider must not fetch itself. */
export interface CommandMeta {
  /** The only time a decider reads. */
  now: Date;
  /** The signed-in user, a system name ('seed', a reaction's name) or null for an anonymous caller. */
  actor: string | null;
  /** Ties together everything one request (or one seed run) caused: the request id for HTTP. */
  correlationId: string;
  /** The message that caused this command: the request id for HTTP, the triggering event's id for a reaction. */
  causationId: string | null;
  /** Ids of new events and of new entities (UUIDv7). */
  newId: () => string;
}

/** Where time and ids come from: the platform's clock and id source (a test passes fixed ones). */
export interface MetaSource {
  clock: () => Date;
  newId: () => string;
}

/** The metadata of a command sent by an HTTP request: its caller, its request id as correlation and causation. */
export const requestMeta = (request: Pick<FastifyRequest, 'id' | 'principal'>, source: MetaSource): CommandMeta => ({
  now: source.clock(),
  actor: request.principal?.userId ?? null,
  correlationId: request.id,
  causationId: request.id,
  newId: source.newId,
});

/**
 * The metadata of a command no request sent: a seed (`{ actor: 'seed' }`, a fresh correlation id) or a reaction
 * (`{ actor: reaction name, cause: event }`, which carries on the event's correlation and names the event as cause).
 */
export const systemMeta = (source: MetaSource, from: { actor: string; cause?: StoredEvent | null }): CommandMeta => ({
  now: source.clock(),
  actor: from.actor,
  correlationId: from.cause?.correlationId ?? source.newId(),
  causationId: from.cause?.id ?? null,
  newId: source.newId,
});
