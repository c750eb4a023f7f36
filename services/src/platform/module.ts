import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config/schema.ts';
import type { Documents } from './documents/port.ts';
import type { EventBus } from './event-bus/port.ts';
import type { EventStore } from './event-store/port.ts';
import type { JobProcessor, Jobs } from './jobs/port.ts';
import type { Projection, ProjectionStore } from './projections/port.ts';
import type { Realtime } from './realtime/port.ts';
import type { RoomAuthorizer } from './realtime/rooms.ts';
import type { LiveMessage } from './realtime/messages.ts';
import type { Mailer } from './mail/port.ts';
import type { SmsSender } from './sms/port.ts';
import type { AccessCheck, TokenService } from './auth/port.ts';
import type { DevOutbox } from './mail/dev-outbox.ts';
import type { Reaction } from './reactions/port.ts';
import type { TemplateRegistry } from './templates/registry.ts';
import type { MessageTemplate } from './templates/template.ts';
import type { Files } from './files/port.ts';
import type { Schedule } from './schedules/port.ts';
import type { Counters } from './counters/port.ts';
import type { Operations } from './operations/port.ts';

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
  /** Uploaded and generated files by key (`<module>/...`), encrypted at rest when asked. */
  files: Files;
  /**
   * Abuse counters shared by every api process (rate limits, per-account bounds): memory on the embedded profile, Redis
   * on the distributed one. Not for counts the event store already keeps.
   */
  counters: Counters;
  tokens: TokenService;
  /** Embedded profile with DEV_OUTBOX=true: where every email and SMS is stored instead of sent; null otherwise. */
  devOutbox: DevOutbox | null;
  /** Every module's message templates: the one renderer of every email and SMS. */
  templates: TemplateRegistry;
  /**
   * Read-your-write for a read model (most of all a local copy of another module's events): waits, bounded (default 2 s),
   * until it has applied every event of the types it handles that the log holds now, and answers whether it has. Exact on
   * the embedded profile; on Kafka, whose partitions arrive out of order, the read model's checkpoint may run ahead.
   */
  caughtUp: (projection: Projection, options?: { waitMs?: number }) => Promise<boolean>;
  /** Queues, lag and readiness of the running system, through the ports (the Operations screen, `/api/health/ready`). */
  operations: Operations;
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
  /** Lower-case, no hyphen: every stream the module writes starts with `<name>-`, and its Kafka topic is `<prefix>.<name>`. */
  name: string;
  /** Event types the module writes (each on a stream of its own name); `platform.eventStore` refuses any other. */
  eventTypes?: readonly string[];
  /**
   * Contract events of other modules (`@acpg/contracts/...`) that this module's projections and reactions read: what it
   * needs from them it keeps as local copies in its own read models. Checked at start (composition/module-data.ts).
   */
  consumes?: readonly string[];
  /**
   * Collections the module keeps besides its projections' (e.g. a gateway's own records). A module reads and writes only
   * these and its projections' collections, and only streams named `<name>-...`: anything else throws at run time.
   */
  collections?: readonly string[];
  /** Partitions of the module's Kafka topic (`npm run topics`); default DEFAULT_TOPIC_PARTITIONS. */
  partitions?: number;
  /** Registered as an encapsulated plugin under /api/v1. */
  routes?: (platform: Platform) => FastifyPluginAsync;
  /** Read models, each with its live push beside it (`defineProjection({ ..., push })`). */
  projections?: readonly Projection[];
  /** Events → jobs (`platform/reactions/port.ts`): run on the worker role, from the head of the log, never in a replay. */
  reactions?: readonly Reaction[];
  /** Every email and SMS the module sends, rendered by `platform.templates` (listed, previewed and edited by admins). */
  templates?: readonly MessageTemplate[];
  workers?: readonly JobWorker[];
  /** Work on the clock (`platform/schedules/`): run on the worker role, once per slot of `everyMs`. */
  schedules?: readonly Schedule[];
  /** Runs at start on every role that appends (api/all); must be idempotent. */
  seed?: (platform: Platform) => Promise<void>;
  /**
   * Entity rooms this module owns, by kind: `{ order: (principal, id, platform) => ... }` lets a socket follow
   * `order:<id>` when it answers true. A kind nobody declares is refused; two modules declaring one kind fail at start.
   */
  rooms?: Readonly<Record<string, RoomAuthorizer<Platform>>>;
  /**
   * Every live message the module pushes (`liveMessage({ name, summary, payload, rooms })`): /api/v1/asyncapi.json is
   * built from these, and the hub refuses a push whose name no module declares.
   */
  pushes?: readonly LiveMessage[];
  /** OpenAPI security schemes the module's routes name in `schema.security` (e.g. a cookie of its own). */
  securitySchemes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Checked on every signed-in request after the token verifies (identity: the account's session version). */
  accessCheck?: (platform: Platform) => AccessCheck;
  /** Event types whose data holds secrets: the raw event stream and exports redact their data. */
  sensitiveEventTypes?: readonly string[];
}

/** Enough for a module with modest traffic; a busy one declares more (a topic's partitions can grow, never shrink). */
export const DEFAULT_TOPIC_PARTITIONS = 3;

/** Every module's sensitive event types, for the tools that show raw events. */
export const sensitiveEventTypesOf = (modules: readonly Module[]): ReadonlySet<string> =>
  new Set(modules.flatMap((m) => m.sensitiveEventTypes ?? []));
