import { ConcurrencyError, type EventStore, type NewEvent, type StoredEvent } from '../event-store/port.ts';
import { conflict } from '../http/errors.ts';

/** An event as a decider sees it: its type and data; the command handler wraps it in the envelope. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** emmett-style decider: pure `decide` and `evolve`, time and ids in the command. */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Throws an AppError when the command is refused without recording anything. */
  decide: (command: Command, state: State) => Event[];
  /**
   * Reads a stored event back as one of this decider's events; null skips a type it does not know. Without it the
   * stored type and data are trusted as they are (only the owning module's deciders write its streams).
   */
  fromStored?: (event: StoredEvent) => Event | null;
}

/** Who and when: everything a command handler needs that a pure decider must not fetch itself. */
export interface CommandMeta {
  now: Date;
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
  /** Ids of the envelopes (UUIDv7). */
  newId: () => string;
}

/** Who asked, and in answer to what: the part of the metadata a route fills from the request. */
export type CommandOrigin = Pick<CommandMeta, 'actor' | 'correlationId' | 'causationId'>;

/** Metadata from a clock and an id source (the platform's) plus the origin of the command. */
export const commandMetaFrom = (source: { clock: () => Date; newId: () => string }, origin: CommandOrigin): CommandMeta => ({
  ...origin,
  now: source.clock(),
  newId: source.newId,
});

/** Folds stored events into the decider's state. */
export const foldStream = <Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  stored: readonly StoredEvent[],
): State => {
  const read = decider.fromStored ?? ((event: StoredEvent) => ({ type: event.type, data: event.data }) as Event);
  let state = decider.initialState();
  for (const event of stored) {
    const known = read(event);
    if (known) state = decider.evolve(state, known);
  }
  return state;
};

export interface Loaded<State> {
  state: State;
  /** Stream version; 0 when the stream does not exist. */
  version: number;
}

export const loadStream = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
): Promise<Loaded<State>> => {
  const stored = await store.readStream(stream);
  return { state: foldStream(decider, stored), version: stored.at(-1)?.version ?? 0 };
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
  /** The 409's message once the retries are spent. */
  conflictMessage?: string;
}

const envelopesOf = (events: readonly (DomainEvent & { id: string })[], meta: CommandMeta): NewEvent[] =>
  events.map((event) => ({
    id: event.id,
    type: event.type,
    data: event.data,
    occurredAt: meta.now.toISOString(),
    actor: meta.actor,
    correlationId: meta.correlationId,
    causationId: meta.causationId ?? null,
  }));

/**
 * load stream → decide → append with the loaded version as the expected one. A concurrent append answers 409
 * (`conflict()`) after the retries; refusals of the decider (AppError) pass through unchanged.
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
    try {
      const result = await store.append(stream, version, envelopesOf(events, meta));
      return { events, state: decided.reduce(decider.evolve, state), version: result.nextVersion };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= retries) throw conflict(options.conflictMessage ?? 'Someone else changed this at the same time. Try again.');
    }
  }
};
