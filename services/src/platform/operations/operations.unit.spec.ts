import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../event-store/port.ts';
import type { Projection } from '../projections/port.ts';
import { createOperations } from './operations.ts';

const event = (position: number, type: string, occurredAt: string) => ({ position, type, occurredAt }) as StoredEvent;
const LOG = [event(1, 'A', '2026-01-01T00:00:01Z'), event(2, 'B', '2026-01-01T00:00:02Z'), event(3, 'A', '2026-01-01T00:00:03Z'), event(4, 'A', '2026-01-01T00:00:04Z')];
const eventStore = {
  readAll: async ({ after, limit, types }: { after: number; limit: number; types?: readonly string[] }) =>
    LOG.filter((e) => e.position > after && (!types || types.includes(e.type))).slice(0, limit),
};
const projection = (name: string, handles: string[]) => ({ name, collection: name, handles }) as unknown as Projection;

const make = (checks: Record<string, () => Promise<void>>, runsProjections = true) =>
  createOperations({
    eventStore,
    projectionStore: { checkpoint: async (p) => (p.name === 'ahead' ? 4 : 1) },
    bus: { lag: async (group) => (group === 'reaction:known' ? { behind: 2, capped: false, oldestAt: '2026-01-01T00:00:03Z' } : null) },
    projections: [projection('behind', ['A']), projection('ahead', ['A', 'B'])],
    reactions: [{ name: 'known', handles: ['A'] }, { name: 'never-ran', handles: ['A'] }],
    queues: ['b', 'a', 'b'],
    checks,
    runsProjections,
    timeoutMs: 50,
  });

describe('operations: lag and readiness through the ports', () => {
  it('counts a projection\'s events of its types after its checkpoint, with the oldest one\'s time', async () => {
    const ops = make({});
    expect(ops.queues).toEqual(['a', 'b']);
    expect(await ops.projections()).toEqual([
      { name: 'behind', position: 1, behind: 2, capped: false, oldestAt: '2026-01-01T00:00:03Z' },
      { name: 'ahead', position: 4, behind: 0, capped: false, oldestAt: null },
    ]);
    expect(await ops.consumers()).toEqual([
      { name: 'known', group: 'reaction:known', known: true, behind: 2, capped: false, oldestAt: '2026-01-01T00:00:03Z' },
      { name: 'never-ran', group: 'reaction:never-ran', known: false, behind: 0, capped: false, oldestAt: null },
    ]);
  });

  it('fails a check that throws or does not answer in time, and projections until the runtime says they run', async () => {
    const ops = make({
      sqlite: async () => undefined,
      redis: () => new Promise<void>(() => undefined), // never answers
      mongodb: async () => {
        throw new Error('connection refused');
      },
    });
    expect(await ops.readiness()).toEqual([
      { name: 'sqlite', ok: true, error: null },
      { name: 'redis', ok: false, error: 'no answer within 50 ms' },
      { name: 'mongodb', ok: false, error: 'connection refused' },
      { name: 'projections', ok: false, error: 'the projections are not running' },
    ]);
    ops.projectionsRunning(true);
    expect((await ops.readiness()).find((c) => c.name === 'projections')).toEqual({ name: 'projections', ok: true, error: null });
    expect((await make({}, false).readiness()).map((c) => c.name)).toEqual([]);
  });
});
