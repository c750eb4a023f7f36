import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, SpanStatusCode, trace, type Attributes, type Context, type Span, type SpanKind, type Tracer } from '@opentelemetry/api';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';

/** The attribute every span of this app carries: a search by it shows what one request caused, in every process. */
export const CORRELATION_ATTRIBUTE = 'acpg.correlation_id';

/** A Map that forgets its oldest entries past `max` (a trace's parents are wanted for seconds, not kept for good). */
export class Recent<V> {
  readonly #max: number;
  readonly #entries = new Map<string, V>();
  constructor(max: number) {
    this.#max = max;
  }
  get(key: string): V | undefined {
    return this.#entries.get(key);
  }
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
  get size(): number {
    return this.#entries.size;
  }
}

/** Where a span was started: its context (the parent of what it causes) and the correlation id it carries. */
export interface TraceOrigin {
  context: Context;
  correlationId: string | undefined;
}

/**
 * The app's traces, on (`createTracing`) only when an exporter is configured. Spans of one process link by parent:
 * the request span is remembered by its request id (the correlation id of what it appends), each append's span by its
 * events' ids, so the projection applying an event, its push and the job a reaction made of it join the request's
 * trace. Between processes (api, projector, worker) they share the attribute `acpg.correlation_id`.
 */
export interface Tracing {
  readonly tracer: Tracer;
  /** The origin in effect here (inside a span run with `within`), if any. */
  current(): TraceOrigin | undefined;
  /** Runs `work` with `origin` in effect: spans started inside (however deep in awaits) are its children. */
  within<T>(origin: TraceOrigin, work: () => T): T;
  /** Keeps a span's context under a key (`correlation:<id>`, `event:<id>`, `job:<queue>:<id>`) for the spans it causes. */
  remember(key: string, origin: TraceOrigin): void;
  recall(key: string): TraceOrigin | undefined;
  /** Starts a span under `parent` (or the root), with the correlation attribute. */
  start(name: string, parent: TraceOrigin | undefined, options: { kind?: SpanKind; attributes?: Attributes; correlationId?: string | undefined }): Span;
  /** Flushes spans not yet exported and stops the exporter. */
  shutdown(): Promise<void>;
}

export const originOf = (span: Span, correlationId: string | undefined): TraceOrigin => ({ context: trace.setSpan(ROOT_CONTEXT, span), correlationId });

/** Ends `span` after `work`, marking it failed when `work` throws (and rethrowing). */
export const endAfter = async <T>(span: Span, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
};

export interface TracingOptions {
  serviceName: string;
  /** The process role (`api`, `projector`, `worker`, `all`), a resource attribute of every span. */
  role: string;
  /** OTLP/HTTP base URL (`OTEL_EXPORTER_OTLP_ENDPOINT`): spans go to `<url>/v1/traces`, batched. */
  otlpEndpoint?: string | undefined;
  /** Tests: spans go here at once (an `InMemorySpanExporter`). */
  exporter?: SpanExporter | undefined;
}

const processorOf = async (options: TracingOptions): Promise<SpanProcessor | null> => {
  if (options.exporter) return new SimpleSpanProcessor(options.exporter);
  if (!options.otlpEndpoint) return null;
  // Loaded only when traces are on: a process without them never loads the exporter.
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` }));
};

/** Tracing when an exporter is configured, else null (and no hook, decorator or context is installed anywhere). */
export const createTracing = async (options: TracingOptions): Promise<Tracing | null> => {
  const processor = await processorOf(options);
  if (!processor) return null;
  // A provider of this app's own, never registered globally: two apps in one process (tests) keep their spans apart.
  const provider = new BasicTracerProvider({ resource: resourceFromAttributes({ 'service.name': options.serviceName, 'acpg.role': options.role }), spanProcessors: [processor] });
  const tracer = provider.getTracer('acpg');
  const inEffect = new AsyncLocalStorage<TraceOrigin>();
  const known = new Recent<TraceOrigin>(20_000);
  return {
    tracer,
    current: () => inEffect.getStore(),
    within: (origin, work) => inEffect.run(origin, work),
    remember: (key, origin) => known.set(key, origin),
    recall: (key) => known.get(key),
    start: (name, parent, { kind, attributes, correlationId }) =>
      tracer.startSpan(
        name,
        { ...(kind === undefined ? {} : { kind }), attributes: { ...attributes, ...(correlationId === undefined ? {} : { [CORRELATION_ATTRIBUTE]: correlationId }) } },
        parent?.context ?? ROOT_CONTEXT,
      ),
    shutdown: () => provider.shutdown(),
  };
};

/**
 * A port with some methods decorated: those from `decorated`, everything else read through to the port (its methods
 * called on the port itself). A method set on it afterwards (a test replacing `enqueue` to fail once) replaces the
 * decorated one, as on a plain object; the decorator keeps calling the port's own.
 */
export const decorate = <T extends object>(port: T, decorated: Partial<T>): T => {
  const own: Record<string | symbol, unknown> = { ...decorated };
  return new Proxy(port, {
    get: (target, property) => (Object.hasOwn(own, property) ? own[property] : forward(target, property)),
    set: (_target, property, value) => {
      own[property] = value;
      return true;
    },
  });
};

/** A decorator's Proxy reading through to the decorated port: its methods called on the port itself. */
export const forward = (target: object, property: string | symbol): unknown => {
  const value: unknown = Reflect.get(target, property);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
};
