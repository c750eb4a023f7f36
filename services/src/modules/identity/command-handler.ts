import { ConcurrencyError, type EventStore, type NewEvent } from '../../platform/event-store/port.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { Decider, DomainEvent } from './decider.ts';

/** Who and when: everything a command handler needs that a pure decider must not fetch itself. */
export interface CommandMeta {
  now: Date;
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
  /** Ids of the envelopes (UUIDv7). */
  newId: () => string;
}

export interface Loaded<State> {
  state: State;
  /** Stream version; 0 when the stream does not exist. */
  version: number;
}

/** Folds a stream into its decider state. Events are trusted: only this module's deciders write its streams. */
export const loadStream = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
): Promise<Loaded<State>> => {
  const stored = await store.readStream(stream);
  let state = decider.initialState();
  for (const event of stored) state = decider.evolve(state, { type: event.type, data: event.data } as Event);
  return { state, version: stored.at(-1)?.version ?? 0 };
};

export interface Handled<Event extends DomainEvent, State> {
  /** The events appended (with their envelope ids), empty when the decider decided nothing. */
  events: (Event & { id: string })[];
  /** State after the events. */
  state: State;
  version: number;
}

export interface HandleOptions {
  /**
   * How many times to load, decide and append again when another writer appended first; the decider then sees the
   * newer state and may refuse in words (e.g. "code already used") instead of a bare 409. Default 0.
   */
  retries?: number;
}

/**
 * load stream → decide → append with the expected version. A concurrent append answers 409 (`conflict()`) after the
 * retries; refusals of the decider (AppError) pass through unchanged.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  meta: CommandMeta,
  options: HandleOptions = {},
): Promise<Handled<Event, State>> => {
  const retries = options.retries ?? 0;
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await loadStream(store, stream, decider);
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { events: [], state, version };
    const events = decided.map((event) => ({ ...event, id: meta.newId() }));
    const envelopes: NewEvent[] = events.map((event) => ({
      id: event.id,
      type: event.type,
      data: event.data,
      occurredAt: meta.now.toISOString(),
      actor: meta.actor,
      correlationId: meta.correlationId,
      causationId: meta.causationId ?? null,
    }));
    try {
      const result = await store.append(stream, version, envelopes);
      return { events, state: decided.reduce(decider.evolve, state), version: result.nextVersion };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= retries) throw conflict('Someone else changed this at the same time. Try again.');
    }
  }
};
