import type { Documents } from '../platform/documents/port.ts';
import type { EventStore } from '../platform/event-store/port.ts';
import type { Module, Platform } from '../platform/module.ts';
import type { ProjectionStore } from '../platform/projections/port.ts';

/**
 * A module read or wrote data that is not its own: a bug in the module, found by the first test that makes it do so.
 * Modules meet through the contract events they consume (`Module.consumes`), kept as local copies in their own read
 * models, never by reading one another's streams or collections.
 */
export class DataOwnershipError extends Error {
  constructor(module: string, what: string) {
    super(`module ${module} ${what}: a module reads and writes only its own streams (${module}-...) and collections (its projections' and Module.collections); what it needs from another module comes as a local copy of that module's contract events (Module.consumes)`);
    this.name = 'DataOwnershipError';
  }
}

type Owned = Pick<Module, 'name' | 'eventTypes' | 'projections' | 'collections' | 'consumes' | 'reactions'>;

/** The collections a module owns: those of its projections and those it names in `Module.collections`. */
export const collectionsOf = (module: Owned): ReadonlySet<string> =>
  new Set([...(module.projections ?? []).map((p) => p.collection), ...(module.collections ?? [])]);

/**
 * Checked at start, on every role: every collection has one owner, and every projection and reaction reads only its
 * module's own event types and the contract events the module declares in `consumes` (each declared by another module).
 */
export const checkDataOwnership = (modules: readonly Owned[]): void => {
  const collectionOwner = new Map<string, string>();
  const typeOwner = new Map<string, string>();
  for (const m of modules) for (const type of m.eventTypes ?? []) typeOwner.set(type, m.name);
  for (const m of modules) {
    for (const collection of collectionsOf(m)) {
      const other = collectionOwner.get(collection);
      if (other !== undefined) throw new Error(`collection ${collection} is owned by both ${other} and ${m.name}`);
      collectionOwner.set(collection, m.name);
    }
    for (const type of m.consumes ?? []) {
      const owner = typeOwner.get(type);
      if (owner === undefined) throw new Error(`module ${m.name} consumes ${type}, which no module declares in eventTypes`);
      if (owner === m.name) throw new Error(`module ${m.name} consumes its own ${type}: list only other modules' contract events`);
    }
    const readable = new Set([...(m.eventTypes ?? []), ...(m.consumes ?? [])]);
    const readers = [...(m.projections ?? []), ...(m.reactions ?? [])];
    for (const reader of readers) {
      const unknown = reader.handles.filter((type) => !readable.has(type));
      if (unknown.length > 0) throw new Error(`${reader.name} (module ${m.name}) handles ${unknown.join(', ')}: declare them in ${m.name}'s consumes`);
    }
  }
};

const streamOwnedBy = (name: string, stream: string) => stream.startsWith(`${name}-`);

/**
 * Every member of `target()` (read at each access, so a test that swaps the root's store is seen), methods bound once per
 * function; `overrides` replace some.
 */
const passThrough = <T extends object>(target: () => T, overrides: Partial<T>): T => {
  type Method = (...args: unknown[]) => unknown;
  const bound = new WeakMap<Method, Method>();
  return new Proxy(target(), {
    get: (_initial, property) => {
      if (Object.hasOwn(overrides, property)) return (overrides as Record<PropertyKey, unknown>)[property];
      const t = target();
      const value: unknown = Reflect.get(t, property, t);
      if (typeof value !== 'function') return value;
      const method = value as Method;
      let fn = bound.get(method);
      if (!fn) bound.set(method, (fn = method.bind(t)));
      return fn;
    },
  });
};

const scopedEventStore = (store: () => EventStore, module: Owned): EventStore => {
  const own = new Set(module.eventTypes ?? []);
  const refuse = (what: string) => Promise.reject(new DataOwnershipError(module.name, what));
  return passThrough<EventStore>(store, {
    append: (stream, expected, events) => (streamOwnedBy(module.name, stream) ? store().append(stream, expected, events) : refuse(`appended to ${stream}`)),
    readStream: (stream, fromVersion) => (streamOwnedBy(module.name, stream) ? store().readStream(stream, fromVersion) : refuse(`read the stream ${stream}`)),
    readAll: (options) => {
      const foreign = options.types === undefined ? ['(every type)'] : options.types.filter((type) => !own.has(type));
      return foreign.length === 0 ? store().readAll(options) : refuse(`read the log for ${foreign.join(', ')}`);
    },
    readLatest: (options) => {
      const foreign = options.types === undefined ? ['(every type)'] : options.types.filter((type) => !own.has(type));
      return foreign.length === 0 ? store().readLatest(options) : refuse(`read the log for ${foreign.join(', ')}`);
    },
  });
};

const scopedDocuments = (documents: () => Documents, module: Owned): Documents => {
  const owned = collectionsOf(module);
  const guard =
    <A extends [string, ...unknown[]], R>(method: (d: Documents, ...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      owned.has(args[0]) ? method(documents(), ...args) : Promise.reject(new DataOwnershipError(module.name, `used the collection ${args[0]}`));
  return passThrough<Documents>(documents, {
    upsert: guard((d, collection, doc) => d.upsert(collection, doc)),
    get: guard((d, collection, id) => d.get(collection, id)),
    delete: guard((d, collection, id) => d.delete(collection, id)),
    find: guard((d, collection, filter, options) => d.find(collection, filter, options)),
    count: guard((d, collection, filter) => d.count(collection, filter)),
    aggregate: guard((d, collection, pipeline) => d.aggregate(collection, pipeline)),
    drop: guard((d, collection) => d.drop(collection)),
    ensureIndexes: guard((d, collection, fields) => d.ensureIndexes(collection, fields)),
  });
};

const scopedProjections = (store: () => ProjectionStore, module: Owned): ProjectionStore => {
  const owned = collectionsOf(module);
  const mine = <R>(collection: string, run: () => Promise<R>): Promise<R> =>
    owned.has(collection) ? run() : Promise.reject(new DataOwnershipError(module.name, `used the read model ${collection}`));
  return passThrough<ProjectionStore>(store, {
    apply: (projection, events) => mine(projection.collection, () => store().apply(projection, events)),
    checkpoint: (projection) => mine(projection.collection, () => store().checkpoint(projection)),
    reset: (projection) => mine(projection.collection, () => store().reset(projection)),
  });
};

/**
 * The platform one module works with: its own streams and collections only; anything else throws DataOwnershipError.
 * Everything else is the root platform's, read live (a test that sets `platform.clock` sets every module's).
 */
export const scopedPlatform = (platform: Platform, module: Owned): Platform =>
  passThrough<Platform>(() => platform, {
    eventStore: scopedEventStore(() => platform.eventStore, module),
    documents: scopedDocuments(() => platform.documents, module),
    projections: scopedProjections(() => platform.projections, module),
    caughtUp: (projection, options) =>
      collectionsOf(module).has(projection.collection) ? platform.caughtUp(projection, options) : Promise.reject(new DataOwnershipError(module.name, `waited for the read model ${projection.collection}`)),
  });

/**
 * The module as the composition root runs it: its routes, reactions, workers, schedules, seed and room authorizers
 * receive its scoped platform whatever platform they are handed, so every way into the module's code sees only its data.
 */
export const ownedBy = (module: Module, root: Platform): Module => {
  const platform = scopedPlatform(root, module);
  return {
    ...module,
    ...(module.routes && { routes: () => module.routes!(platform) }),
    ...(module.seed && { seed: () => module.seed!(platform) }),
    ...(module.accessCheck && { accessCheck: () => module.accessCheck!(platform) }),
    ...(module.reactions && { reactions: module.reactions.map((reaction) => ({ ...reaction, jobs: (event) => reaction.jobs(event, platform) })) }),
    ...(module.workers && { workers: module.workers.map((worker) => ({ ...worker, processor: () => worker.processor(platform) })) }),
    ...(module.schedules && { schedules: module.schedules.map((schedule) => ({ ...schedule, run: (_root, slot) => schedule.run(platform, slot) })) }),
    ...(module.rooms && {
      rooms: Object.fromEntries(Object.entries(module.rooms).map(([kind, authorize]) => [kind, (principal, id) => authorize(principal, id, platform)])),
    }),
  };
};
