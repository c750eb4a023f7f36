import type { EventBus } from '../event-bus/port.ts';
import type { EventStore } from '../event-store/port.ts';
import type { Projection, ProjectionStore } from '../projections/port.ts';
import type { Reaction } from '../reactions/port.ts';
import { reactionGroup } from '../reactions/start.ts';
import { lagAfter } from './lag.ts';
import type { ConsumerLag, DependencyStatus, Operations, ProjectionLag } from './port.ts';

export type DependencyChecks = Readonly<Record<string, () => Promise<void>>>;

export interface OperationsOptions {
  eventStore: Pick<EventStore, 'readAll'>;
  projectionStore: Pick<ProjectionStore, 'checkpoint'>;
  bus: Pick<EventBus, 'lag'>;
  projections: readonly Projection[];
  reactions: readonly Pick<Reaction, 'name' | 'handles'>[];
  queues: readonly string[];
  /** The engines' checks (adapters.readiness). */
  checks: DependencyChecks;
  /** Whether this process runs the projections (ROLE=all|projector): then "projections" is a dependency too. */
  runsProjections: boolean;
  timeoutMs?: number;
}

/** Resolves with the check's outcome, or fails after `ms` (the check itself is left to finish on its own). */
export const within = async (ms: number, check: () => Promise<void>): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createOperations = (options: OperationsOptions): Operations => {
  const timeoutMs = options.timeoutMs ?? 1000;
  let running = false;

  const projections = async (): Promise<ProjectionLag[]> =>
    Promise.all(
      options.projections.map(async (projection) => {
        const position = await options.projectionStore.checkpoint(projection);
        return { name: projection.name, position, ...(await lagAfter(options.eventStore, position, projection.handles)) };
      }),
    );

  const consumers = async (): Promise<ConsumerLag[]> =>
    Promise.all(
      options.reactions.map(async (reaction) => {
        const group = reactionGroup(reaction);
        const lag = options.bus.lag ? await options.bus.lag(group, reaction.handles).catch(() => null) : null;
        return lag ? { name: reaction.name, group, known: true, ...lag } : { name: reaction.name, group, known: false, behind: 0, capped: false, oldestAt: null };
      }),
    );

  const readiness = async (): Promise<DependencyStatus[]> => {
    const checks: [string, () => Promise<void>][] = Object.entries(options.checks);
    if (options.runsProjections) {
      checks.push([
        'projections',
        async () => {
          if (!running) throw new Error('the projections are not running');
        },
      ]);
    }
    return Promise.all(
      checks.map(async ([name, check]) => {
        try {
          await within(timeoutMs, check);
          return { name, ok: true, error: null };
        } catch (error) {
          return { name, ok: false, error: messageOf(error) };
        }
      }),
    );
  };

  return {
    queues: [...new Set(options.queues)].sort(),
    projections,
    consumers,
    readiness,
    projectionsRunning: (value) => {
      running = value;
    },
  };
};
