import { ConcurrencyError, type EventStore } from '../event-store/port.ts';
import { VersionConflict } from './domain-error.ts';
import { eventEnvelope } from './envelope.ts';
import type { CommandMeta } from './metadata.ts';

/**
 * A series of short numbers people read and type (NHD-100001, CLM-100001), while ids stay UUIDs.
 *
 * Event-sourced and safe under concurrency: a series is one stream of its module (`<module>-numbers-<kind>`); each
 * allocation is one event appended at the version read (optimistic concurrency), and its number is `start + the
 * stream's version after it`. Two writers can never both append version n, so no number is given twice, in one process
 * or many; the loser catches up and takes the next one. A place that fails after its allocation leaves a gap, never a
 * repeat. A deterministic derivation from the UUID was ruled out: a short number cut from a random id collides.
 */
export interface NumberSeries {
  /** The allocation stream, named with the module's prefix. */
  stream: string;
  /** The allocation event's type, listed in the module's `eventTypes`. */
  eventType: string;
  /** What the number is written with: `NHD` gives `NHD-100001`. */
  prefix: string;
  /** The number before the first one (the first is `start + 1`). */
  start: number;
}

/** Data of an allocation event: the number given and the id of what carries it. */
export interface NumberAllocated {
  number: number;
  label: string;
  for_id: string;
}

export const numberLabel = (series: Pick<NumberSeries, 'prefix'>, number: number): string => `${series.prefix}-${number}`;

/** The version of each series this process last saw, so an allocation reads only the events after it. */
const seen = new WeakMap<EventStore, Map<string, number>>();

const catchUp = async (store: EventStore, stream: string): Promise<number> => {
  const known = seen.get(store) ?? new Map<string, number>();
  seen.set(store, known);
  const from = known.get(stream) ?? 0;
  const newer = await store.readStream(stream, from + 1);
  const version = newer.at(-1)?.version ?? from;
  known.set(stream, version);
  return version;
};

/** Gives the next number of the series to `forId` (a new order, a new claim). */
export const allocateNumber = async (store: EventStore, series: NumberSeries, forId: string, meta: CommandMeta, attempts = 100): Promise<NumberAllocated> => {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const version = await catchUp(store, series.stream);
    const number = series.start + version + 1;
    const data: NumberAllocated = { number, label: numberLabel(series, number), for_id: forId };
    try {
      await store.append(series.stream, version, [eventEnvelope(meta.newId(), series.eventType, data, meta)]);
      seen.get(store)?.set(series.stream, version + 1);
      return data;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
  throw new VersionConflict(series.stream, 'Too many at the same time. Try again in a moment.');
};
