import type { EventStore } from '../platform/event-store/port.ts';
import type { Module } from '../platform/module.ts';

type Declaring = Pick<Module, 'name' | 'eventTypes'>;

/** Which module declares each event type (`Module.eventTypes`); a type two modules declare is refused. */
export const eventTypeOwners = (modules: readonly Declaring[]): ReadonlyMap<string, string> => {
  const owners = new Map<string, string>();
  for (const m of modules) {
    for (const type of m.eventTypes ?? []) {
      const other = owners.get(type);
      if (other !== undefined) throw new Error(`${type} is declared by both ${other} and ${m.name}`);
      owners.set(type, m.name);
    }
  }
  return owners;
};

/**
 * Why an event would land on the wrong Kafka topic, or null: its stream's prefix (text before the first hyphen) must
 * name a module, and that module must be the one declaring the event type.
 */
export const streamProblem = (owners: ReadonlyMap<string, string>, modules: readonly Declaring[], stream: string, type: string): string | null => {
  const dash = stream.indexOf('-');
  const prefix = dash > 0 ? stream.slice(0, dash) : '';
  if (!prefix || !modules.some((m) => m.name === prefix)) return `stream ${stream} (${type}) starts with no module's name`;
  const owner = owners.get(type);
  if (owner === undefined) return `${type} (stream ${stream}) is declared by no module's eventTypes`;
  if (owner !== prefix) return `${type} is declared by ${owner} but written on ${stream}`;
  return null;
};

/** A write that breaks the rule: a bug in the module, found by the first test that makes it write. */
export class StreamOwnershipError extends Error {
  constructor(message: string) {
    super(`${message}: a module writes only streams named <module>-... with the event types its module.ts declares`);
    this.name = 'StreamOwnershipError';
  }
}

/**
 * The event store the modules write through (`platform.eventStore`): an append whose stream does not start with the
 * name of the module that declares each event's type is refused before anything is written, so every stream maps to
 * its module's topic without a test having to know each module. Everything else passes through untouched.
 */
export const moduleStreamsOnly = (store: EventStore, modules: readonly Declaring[]): EventStore => {
  const owners = eventTypeOwners(modules);
  const append: EventStore['append'] = (stream, expectedVersion, events) => {
    for (const event of events) {
      const problem = streamProblem(owners, modules, stream, event.type);
      if (problem) return Promise.reject(new StreamOwnershipError(problem));
    }
    return store.append(stream, expectedVersion, events);
  };
  // A Proxy, so methods the port gains later (or a test replaces) pass through without an edit here.
  type Method = (...args: unknown[]) => unknown;
  const bound = new WeakMap<Method, Method>(); // each method bound once, not on every call (a replaced one anew)
  return new Proxy(store, {
    get: (target, property) => {
      if (property === 'append') return append;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as Method;
      let fn = bound.get(method);
      if (!fn) bound.set(method, (fn = method.bind(target)));
      return fn;
    },
  });
};
