import { describe, expect, it } from 'vitest';
import type { Documents } from '../platform/documents/port.ts';
import type { EventStore } from '../platform/event-store/port.ts';
import type { Module, Platform } from '../platform/module.ts';
import type { Projection, ProjectionStore } from '../platform/projections/port.ts';
import { checkDataOwnership, DataOwnershipError, ownedBy, scopedPlatform } from './module-data.ts';
import { MODULES } from './modules.ts';

const projection = (name: string, collection: string, handles: readonly string[]): Projection => ({ name, collection, handles, documentId: () => null, evolve: (doc) => doc });

/** A root platform whose stores record every call that reaches them. */
const recordingRoot = () => {
  const reached: string[] = [];
  const record =
    (what: string) =>
    async (...args: unknown[]) => {
      reached.push(`${what}(${String(args[0] && typeof args[0] === 'object' ? JSON.stringify(args[0]) : args[0])})`);
      return what === 'readStream' || what === 'readAll' || what === 'find' ? [] : null;
    };
  const eventStore = { append: record('append'), readStream: record('readStream'), readAll: record('readAll'), headPosition: async () => 0 } as unknown as EventStore;
  const documents = { get: record('get'), find: record('find'), upsert: record('upsert'), count: record('count'), aggregate: record('aggregate'), delete: record('delete'), drop: record('drop'), ensureIndexes: record('ensureIndexes') } as unknown as Documents;
  const projections = { apply: record('apply'), checkpoint: record('checkpoint'), reset: record('reset') } as unknown as ProjectionStore;
  const root = { eventStore, documents, projections, caughtUp: async () => true, clock: () => new Date(0) } as unknown as Platform;
  return { root, reached };
};

const beta: Module = { name: 'beta', eventTypes: ['BetaHappened'], projections: [projection('beta.things', 'beta_things', ['BetaHappened'])] };
const alpha: Module = {
  name: 'alpha',
  eventTypes: ['AlphaHappened'],
  consumes: ['BetaHappened'],
  collections: ['alpha_extra'],
  projections: [projection('alpha.betas', 'alpha_betas', ['BetaHappened'])],
};

describe('a module owns its data, at run time', () => {
  it('refuses a module reading or writing another module’s streams and collections, and lets nothing through', async () => {
    const { root, reached } = recordingRoot();
    const platform = scopedPlatform(root, alpha);
    const event = { id: 'e1', type: 'BetaHappened', data: {}, occurredAt: '2026-01-01T00:00:00Z', actor: null, correlationId: 'c', causationId: null };
    await expect(platform.eventStore.readStream('beta-thing-1')).rejects.toThrow(DataOwnershipError);
    await expect(platform.eventStore.append('beta-thing-1', 0, [event])).rejects.toThrow(DataOwnershipError);
    await expect(platform.eventStore.readAll({ after: 0, limit: 10, types: ['BetaHappened'] })).rejects.toThrow(/read the log for BetaHappened/);
    await expect(platform.eventStore.readAll({ after: 0, limit: 10 })).rejects.toThrow(DataOwnershipError);
    await expect(platform.documents.get('beta_things', 'x')).rejects.toThrow(/module alpha used the collection beta_things/);
    await expect(platform.documents.find('accounts')).rejects.toThrow(DataOwnershipError);
    await expect(platform.documents.upsert('beta_things', { _id: 'x' })).rejects.toThrow(DataOwnershipError);
    await expect(platform.projections.checkpoint(projection('beta.things', 'beta_things', []))).rejects.toThrow(DataOwnershipError);
    await expect(platform.caughtUp(projection('beta.things', 'beta_things', ['BetaHappened']))).rejects.toThrow(DataOwnershipError);
    expect(reached).toEqual([]);
  });

  it('lets a module use its own streams, its projections’ collections and the ones it names', async () => {
    const { root, reached } = recordingRoot();
    const platform = scopedPlatform(root, alpha);
    await platform.eventStore.readStream('alpha-thing-1');
    await platform.eventStore.readAll({ after: 0, limit: 1, types: ['AlphaHappened'] });
    await platform.documents.get('alpha_betas', 'x');
    await platform.documents.find('alpha_extra');
    await expect(platform.caughtUp(projection('alpha.betas', 'alpha_betas', ['BetaHappened']))).resolves.toBe(true);
    expect(reached).toEqual(['readStream(alpha-thing-1)', expect.stringMatching(/^readAll/), 'get(alpha_betas)', 'find(alpha_extra)']);
  });

  it('reads the root’s members live: a test that swaps the clock or the store reaches every module', async () => {
    const { root, reached } = recordingRoot();
    const platform = scopedPlatform(root, alpha);
    root.clock = () => new Date(42);
    expect(platform.clock().getTime()).toBe(42);
    const swapped: string[] = [];
    root.eventStore = { ...root.eventStore, readStream: async (stream: string) => (swapped.push(stream), []) } as EventStore;
    await platform.eventStore.readStream('alpha-x');
    expect(swapped).toEqual(['alpha-x']);
    expect(reached).toEqual([]);
  });

  it('hands the module’s routes, workers, reactions, schedules, seed and rooms its scoped platform', async () => {
    const { root } = recordingRoot();
    const seen: Platform[] = [];
    const nosy: Module = {
      ...alpha,
      seed: async (p) => void seen.push(p),
      workers: [{ queue: 'q', processor: (p) => (seen.push(p), async () => {}) }],
      reactions: [{ name: 'alpha.r', handles: ['BetaHappened'], jobs: async (_e, p) => (seen.push(p), []) }],
      schedules: [{ name: 'alpha.s', everyMs: 1000, run: async (p) => void seen.push(p) }],
      rooms: { alpha: async (_principal, _id, p) => (seen.push(p as Platform), true) },
    };
    const owned = ownedBy(nosy, root);
    await owned.seed!(root);
    owned.workers![0]!.processor(root);
    await owned.reactions![0]!.jobs({} as never, root);
    await owned.schedules![0]!.run(root, { at: new Date() });
    await owned.rooms!.alpha!({} as never, 'id', root);
    expect(seen).toHaveLength(5);
    for (const platform of seen) {
      expect(platform).not.toBe(root);
      await expect(platform.documents.get('beta_things', 'x')).rejects.toThrow(DataOwnershipError);
    }
  });

  it('fails at start when a module reads events it does not declare, or two modules claim a collection', () => {
    expect(() => checkDataOwnership([beta, alpha])).not.toThrow();
    expect(() => checkDataOwnership([beta, { ...alpha, consumes: [] }])).toThrow(/alpha.betas \(module alpha\) handles BetaHappened: declare them in alpha's consumes/);
    expect(() => checkDataOwnership([beta, { ...alpha, consumes: ['NobodysEvent'] }])).toThrow(/which no module declares/);
    expect(() => checkDataOwnership([beta, { ...alpha, collections: ['beta_things'] }])).toThrow(/beta_things is owned by both beta and alpha/);
  });

  it('holds for every module of the product', () => {
    expect(() => checkDataOwnership(MODULES)).not.toThrow();
  });
});
