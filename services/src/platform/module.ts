import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config/schema.ts';
import type { Documents } from './documents/port.ts';
import type { EventBus } from './event-bus/port.ts';
import type { EventStore, StoredEvent } from './event-store/port.ts';
import type { JobProcessor, Jobs } from './jobs/port.ts';
import type { Projection, ProjectionStore } from './projections/port.ts';
import type { Realtime } from './realtime/port.ts';
import type { Mailer } from './mail/port.ts';
import type { SmsSender } from './sms/port.ts';
import type { TokenService } from './auth/port.ts';
import type { DevOutbox } from './mail/dev-outbox.ts';
import type { Reaction } from './reactions/port.ts';
import type { TemplateRegistry } from './templates/registry.ts';
import type { MessageTemplate } from './templates/template.ts';

export type { Reaction } from './reactions/port.ts';

/** What the composition root hands every module. */
export interface Platform {
  config: Config;
  log: Logger;
  eventStore: EventStore;
  bus: EventBus;
  documents: Documents;
  projections: ProjectionStore;
  jobs: Jobs;
  realtime: Realtime;
  mailer: Mailer;
  sms: SmsSender;
  tokens: TokenService;
  /** Embedded profile with DEV_OUTBOX=true: where every email and SMS is stored instead of sent; null otherwise. */
  devOutbox: DevOutbox | null;
  /** Every module's message templates: the one renderer of every email and SMS. */
  templates: TemplateRegistry;
  /** Time and ids enter commands here, so deciders stay pure. */
  clock: () => Date;
  newId: () => string;
}

export interface JobWorker {
  queue: string;
  concurrency?: number;
  processor: (platform: Platform) => JobProcessor;
}

/** A bounded context's public face: routes, projections, reactions, workers, seed data. */
export interface Module {
  name: string;
  /** Registered as an encapsulated plugin under /api/v1. */
  routes?: (platform: Platform) => FastifyPluginAsync;
  projections?: readonly Projection[];
  /** Events → jobs (`platform/reactions/port.ts`): run on the worker role, from the head of the log, never in a replay. */
  reactions?: readonly Reaction[];
  /** Every email and SMS the module sends, rendered by `platform.templates` (listed, previewed and edited by admins). */
  templates?: readonly MessageTemplate[];
  workers?: readonly JobWorker[];
  /** Runs at start on every role that appends (api/all); must be idempotent. */
  seed?: (platform: Platform) => Promise<void>;
  /** Event types whose data holds secrets: the raw event stream and exports redact their data. */
  sensitiveEventTypes?: readonly string[];
  /** Called after a projection batch is written, to push live messages. */
  afterProjection?: (platform: Platform, projection: Projection, applied: { event: StoredEvent; doc: unknown }[]) => void;
}

/** Every module's sensitive event types, for the tools that show raw events. */
export const sensitiveEventTypesOf = (modules: readonly Module[]): ReadonlySet<string> =>
  new Set(modules.flatMap((m) => m.sensitiveEventTypes ?? []));
