import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { StoredEvent } from '../event-store/port.ts';
import { methodLabel, routeLabel, statusClassLabel } from './labels.ts';

/** Seconds: most answers take milliseconds; the top buckets catch a read waiting for its read model (2 s). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Observer = { observe(value: number): void };
type Incrementer = { inc(value?: number): void };

/**
 * One process's Prometheus series, in a registry of its own (never prom-client's global one: a test runs several apps
 * in one process). Hot paths get cached label children: recording a request is two map reads and an observe.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route template (never the raw URL), method, status class and duration. */
  observeRequest(method: string, routeTemplate: string | undefined, status: number, seconds: number): void;
  /** Events this process appended (a listener on the store, outside the append itself). */
  countAppended(events: readonly StoredEvent[]): void;
  jobCompleted(queue: string): void;
  /** A failed attempt; `dead` when it was the last (its attempts spent, or refused for good). */
  jobFailed(queue: string, dead: boolean): void;
  /** Sampled at each scrape: events each read model has still to apply (head of the log minus its checkpoint). */
  sampleProjectionLag(sample: () => Promise<ReadonlyMap<string, number>>): void;
  /** Sampled at each scrape: socket.io connections this process holds now. */
  sampleSocketConnections(sample: () => number): void;
}

/** Children of a labelled series by one key, made on first use (a bounded key set: route, method, queue ...). */
const cached = <T>(make: (key: string) => T) => {
  const children = new Map<string, T>();
  return (key: string): T => {
    let child = children.get(key);
    if (child === undefined) {
      child = make(key);
      children.set(key, child);
    }
    return child;
  };
};

export const createMetrics = (options: { moduleOf: (stream: string) => string; defaultMetrics?: boolean }): Metrics => {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  // route → method → status class → child: no string is built per request.
  const byRoute = cached((route) => cached((method) => cached((statusClass): Observer => requests.labels({ method, route, status_class: statusClass }))));

  const appended = new Counter({ name: 'events_appended_total', help: 'Events appended by this process, by module (rate() is appends per second)', labelNames: ['module'] as const, registers: [registry] });
  const appendedBy = cached((module): Incrementer => appended.labels({ module }));

  const completed = new Counter({ name: 'jobs_completed_total', help: 'Job runs that succeeded, by queue', labelNames: ['queue'] as const, registers: [registry] });
  const failed = new Counter({ name: 'jobs_failed_total', help: 'Job runs that failed (each failed attempt), by queue', labelNames: ['queue'] as const, registers: [registry] });
  const dead = new Counter({ name: 'jobs_dead_total', help: 'Jobs moved to the dead letters (last attempt failed, or refused for good), by queue', labelNames: ['queue'] as const, registers: [registry] });
  const completedIn = cached((queue): Incrementer => completed.labels({ queue }));
  const failedIn = cached((queue): Incrementer => failed.labels({ queue }));
  const deadIn = cached((queue): Incrementer => dead.labels({ queue }));

  let lagSample: (() => Promise<ReadonlyMap<string, number>>) | null = null;
  new Gauge({
    name: 'projection_lag_events',
    help: 'Per read model: positions of the event log past its checkpoint (0 when no event it handles is waiting)',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      if (!lagSample) return;
      this.reset();
      for (const [projection, lag] of await lagSample()) this.set({ projection }, lag);
    },
  });
  let socketSample: (() => number) | null = null;
  new Gauge({
    name: 'socket_connections',
    help: 'socket.io connections held by this process now',
    registers: [registry],
    collect() {
      if (socketSample) this.set(socketSample());
    },
  });

  return {
    registry,
    observeRequest: (method, routeTemplate, status, seconds) => byRoute(routeLabel(routeTemplate))(methodLabel(method))(statusClassLabel(status)).observe(seconds),
    countAppended: (events) => {
      for (const event of events) appendedBy(options.moduleOf(event.stream)).inc();
    },
    jobCompleted: (queue) => completedIn(queue).inc(),
    jobFailed: (queue, isDead) => {
      failedIn(queue).inc();
      if (isDead) deadIn(queue).inc();
    },
    sampleProjectionLag: (sample) => {
      lagSample = sample;
    },
    sampleSocketConnections: (sample) => {
      socketSample = sample;
    },
  };
};
