/** One dependency of the running profile (a database, a broker) and whether it answered within its time. */
export interface DependencyStatus {
  name: string;
  ok: boolean;
  /** Why it failed (for operators; never sent to the public readiness route). */
  error: string | null;
}

/** A read model's checkpoint against the log: the events of its types it has still to apply. */
export interface ProjectionLag {
  name: string;
  position: number;
  behind: number;
  capped: boolean;
  /** When the oldest event it has still to apply happened; null when none. */
  oldestAt: string | null;
}

/** A reaction's consumer group against the log, where the bus can tell (`known`). */
export interface ConsumerLag {
  name: string;
  group: string;
  known: boolean;
  behind: number;
  capped: boolean;
  oldestAt: string | null;
}

/**
 * What an operator reads about the running system, through the ports (jobs, projections, bus, engines): queue names,
 * projection and consumer lag, and the readiness of each dependency. Built by the composition root from every module.
 */
export interface Operations {
  /** Every job queue some module works (and the schedules' queue). */
  queues: readonly string[];
  projections(): Promise<ProjectionLag[]>;
  consumers(): Promise<ConsumerLag[]>;
  /** Each dependency's check, each bounded by its own timeout. */
  readiness(): Promise<DependencyStatus[]>;
  /** The runtime says whether this process's projections are running (only on a role that runs them). */
  projectionsRunning(running: boolean): void;
}
