import type { EventStore } from '../platform/event-store/port.ts';
import type { Module } from '../platform/module.ts';
import type { ProjectionStore } from '../platform/projections/port.ts';
import { replayProjection } from '../platform/projections/runner.ts';

export interface Replayed {
  projection: string;
  events: number;
  ms: number;
}

/**
 * Rebuilds read models from position 0 (up to `untilPosition` when given): the named projections of `modules` (every one with 'all'). Read models only:
 * it takes no bus, no jobs and no mailer, so no reaction runs, no job is enqueued and no email goes out again.
 */
export const replayReadModels = async (
  engines: { eventStore: EventStore; projections: ProjectionStore },
  modules: readonly Module[],
  names: readonly string[] | 'all',
  onReplayed: (replayed: Replayed) => void = () => {},
  { untilPosition }: { untilPosition?: number } = {},
): Promise<Replayed[]> => {
  const projections = modules.flatMap((m) => [...(m.projections ?? [])]);
  const known = projections.map((p) => p.name);
  const unknown = names === 'all' ? [] : names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown projection: ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  const wanted = names === 'all' ? projections : projections.filter((p) => names.includes(p.name));
  const done: Replayed[] = [];
  for (const projection of wanted) {
    const { events, ms } = await replayProjection({ eventStore: engines.eventStore, store: engines.projections, projection, ...(untilPosition === undefined ? {} : { untilPosition }) });
    const replayed = { projection: projection.name, events, ms };
    done.push(replayed);
    onReplayed(replayed);
  }
  return done;
};
