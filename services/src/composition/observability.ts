import type { FastifyInstance } from 'fastify';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Config } from '../platform/config/schema.ts';
import type { Module } from '../platform/module.ts';
import type { Realtime } from '../platform/realtime/port.ts';
import { moduleLabeler } from '../platform/observability/labels.ts';
import { createMetrics, type Metrics } from '../platform/observability/metrics.ts';
import { observeHttp } from '../platform/observability/http.ts';
import { observedJobs } from '../platform/observability/observed-jobs.ts';
import { tracedBus, tracedEventStore, tracedRealtime } from '../platform/observability/traced-ports.ts';
import { createTracing, type Tracing } from '../platform/observability/tracing.ts';
import { serveMetrics } from '../platform/observability/metrics-server.ts';
import type { Adapters } from './adapters.ts';

export interface ObservabilityOptions {
  /** Tests: traces on, exported here (an in-memory exporter), whatever OTEL_EXPORTER_OTLP_ENDPOINT says. */
  spanExporter?: SpanExporter;
}

/**
 * Metrics (always, in a registry of this process's own) and traces (when an exporter is configured), put on the
 * platform's ports as decorators at the composition root: no module knows of either.
 */
export interface Observability {
  metrics: Metrics;
  tracing: Tracing | null;
  /** The engines with appends counted, job outcomes counted, and (traces on) appends, deliveries and job runs traced. */
  observe(adapters: Adapters): Adapters;
  realtime(realtime: Realtime): Realtime;
  /** For `buildApp`: request durations, server spans and `GET /metrics`. */
  http(app: FastifyInstance): void;
  /** Samples `projection_lag_events` at each scrape for the read models this process runs. */
  watchProjections(adapters: Pick<Adapters, 'eventStore' | 'projections'>, modules: readonly Module[]): void;
  /** ROLE=projector or worker with METRICS_PORT: `GET /metrics` on that port. Answers its URL, or null. */
  serve(): Promise<string | null>;
  close(): Promise<void>;
}

export const createObservability = async (config: Config, modules: readonly Module[], options: ObservabilityOptions = {}): Promise<Observability> => {
  const metrics = createMetrics({ moduleOf: moduleLabeler(modules.map((m) => m.name)) });
  const tracing = await createTracing({ serviceName: config.OTEL_SERVICE_NAME, role: config.ROLE, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, exporter: options.spanExporter });
  const closers: (() => Promise<void>)[] = [];
  return {
    metrics,
    tracing,
    observe: (adapters) => {
      // A listener after the commit: the append itself does no more work for the count.
      const stopCounting = adapters.eventStore.onAppended((events) => metrics.countAppended(events));
      closers.push(async () => stopCounting());
      return {
        ...adapters,
        eventStore: tracing ? tracedEventStore(adapters.eventStore, tracing) : adapters.eventStore,
        bus: tracing ? tracedBus(adapters.bus, tracing) : adapters.bus,
        jobs: observedJobs(adapters.jobs, metrics, tracing),
      };
    },
    realtime: (realtime) => (tracing ? tracedRealtime(realtime, tracing) : realtime),
    http: (app) => observeHttp(app, { metrics, tracing, token: config.METRICS_TOKEN }),
    watchProjections: (adapters, running) => {
      const projections = running.flatMap((m) => m.projections ?? []);
      metrics.sampleProjectionLag(async () => {
        const head = await adapters.eventStore.headPosition();
        const lags = await Promise.all(
          projections.map(async (projection) => {
            const checkpoint = await adapters.projections.checkpoint(projection);
            if (checkpoint >= head) return [projection.name, 0] as const;
            // Past the checkpoint only events of other types: nothing waits for this read model.
            const [waiting] = await adapters.eventStore.readAll({ after: checkpoint, limit: 1, types: projection.handles });
            return [projection.name, waiting && waiting.position <= head ? head - checkpoint : 0] as const;
          }),
        );
        return new Map(lags);
      });
    },
    serve: async () => {
      if (config.ROLE === 'all' || config.ROLE === 'api' || config.METRICS_PORT === undefined) return null;
      const server = await serveMetrics(metrics.registry, { port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN });
      closers.push(server.close);
      return `http://localhost:${server.port}/metrics`;
    },
    close: async () => {
      for (const close of closers.splice(0)) await close();
      await tracing?.shutdown();
    },
  };
};
