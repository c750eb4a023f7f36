import { ConcurrencyError, type EventStore, type NewEvent, type StoredEvent } from '../event-store/port.ts';
import { DomainError, VersionConflict } from './domain-error.ts';
import { eventEnvelope } from './envelope.ts';
import type { CommandMeta } from './metadata.ts';

export type { CommandMeta } from './metadata.ts';

/** An event as a decider sees it: its type and data; the command handler wraps it in the envelope. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** A command (emmett style): what to do (`type`, `data`) and its metadata, the decider's only source of time and ids. */
export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMeta;
}

/** emmett-style decider: pure `decide` and `evolve`; time and ids come in `command.metadata`. */
export interface Decider<C extends Command, Event extends DomainEvent, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Throws a DomainError (`domain-error.ts`) when the command is refused without recording anything. */
  decide: (command: C, state: State) => Event[];
  /**
   * Reads a stored event back as one of this decider's events (old shapes upgraded); null skips a type it does not
   * know. Without it the stored type and data are trusted as they are (only the owning module writes its streams).
   */
  fromStored?: (event: StoredEvent) => Event | null;
}

/** Folds stored events into the decider's state. */
export const foldStream = <C extends Command, Event extends DomainEvent, State>(
  decider: Decider<C, Event, State>,
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

export const loadStream = async <C extends Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<C, Event, State>,
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
   * newer state and may refuse in words (e.g. "code already used") instead of a bare conflict. Default 0.
   */
  retries?: number;
  /** The VersionConflict's message (answered as 409 CONFLICT) once the retries are spent. */
  conflictMessage?: string;
  /**
   * The command creates the stream (a creation, a seed): it is appended at expected version 0, and when the stream
   * exists already it is refused as a `conflict` ALREADY_EXISTS (`existsMessage`, 409), never a retry.
   */
  newStream?: boolean;
  existsMessage?: string;
}

/** Code of the refusal (a `conflict`, 409) a `newStream` command answers when its stream exists. */
export const ALREADY_EXISTS = 'ALREADY_EXISTS';

export const isAlreadyExists = (error: unknown): boolean => error instanceof DomainError && error.kind === 'conflict' && error.code === ALREADY_EXISTS;

const alreadyExists = (options: HandleOptions) => new DomainError('conflict', ALREADY_EXISTS, options.existsMessage ?? 'This already exists.');

/**
 * load stream → decide → append with the loaded version as the expected one. Several commands (a seed) are decided
 * in turn on the state so far and appended together, each event in the envelope of the command that decided it.
 * A concurrent append throws a VersionConflict after the retries (never a refusal: a job retries it, HTTP answers 409
 * CONFLICT); refusals of the decider (DomainError) pass through.
 */
export const handleCommand = async <C extends Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<C, Event, State>,
  command: C | readonly C[],
  options: HandleOptions = {},
): Promise<Handled<Event, State>> => {
  const commands: readonly C[] = Array.isArray(command) ? command : [command as C];
  const retries = options.newStream ? 0 : (options.retries ?? 0);
  for (let attempt = 0; ; attempt++) {
    const loaded = await loadStream(store, stream, decider);
    if (options.newStream && loaded.version > 0) throw alreadyExists(options);
    let state = loaded.state;
    const events: (Event & { id: string })[] = [];
    const envelopes: NewEvent[] = [];
    for (const next of commands) {
      for (const event of decider.decide(next, state)) {
        const id = next.metadata.newId();
        events.push({ ...event, id });
        envelopes.push(eventEnvelope(id, event.type, event.data, next.metadata));
        state = decider.evolve(state, event);
      }
    }
    if (events.length === 0) return { events, state, version: loaded.version };
    try {
      const result = await store.append(stream, loaded.version, envelopes);
      return { events, state, version: result.nextVersion };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (options.newStream) throw alreadyExists(options);
      if (attempt >= retries) {
        throw new VersionConflict(stream, options.conflictMessage ?? 'Someone else changed this at the same time. Reload and try again.', { cause: error });
      }
    }
  }
};
