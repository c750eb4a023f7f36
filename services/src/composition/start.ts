import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { insecureCookieWarning, type Config } from '../platform/config/schema.ts';
import type { Platform } from '../platform/module.ts';
import { createTokenService } from '../platform/auth/tokens.ts';
import { createFieldCipherFromConfig } from '../platform/auth/encryption.ts';
import { keyPlaceOf } from '../platform/auth/key-files.ts';
import { buildApp } from '../platform/http/app.ts';
import { createRealtimeHub } from '../platform/realtime/hub.ts';
import { entityRooms } from '../platform/realtime/rooms.ts';
import { liveMessageNames } from '../platform/realtime/messages.ts';
import { EVENT_LOG_DECLARATIONS } from '../platform/event-log/live.ts';
import { attachSocketIo, startRealtimeEmitter } from '../platform/realtime/socket-io.ts';
import { openAdapters } from './open-adapters.ts';
import { MODULES } from './modules.ts';
import { createPlatform, startBackground } from './runtime.ts';
import { checkDataOwnership, ownedBy } from './module-data.ts';
import { withoutSecrets } from '../platform/logging/secrets.ts';
import { createObservability, type ObservabilityOptions } from './observability.ts';

export interface RunningApplication {
  platform: Platform;
  /** Present when this process serves HTTP (ROLE=all|api). */
  app: FastifyInstance | null;
  url: string | null;
  /** ROLE=projector or worker with METRICS_PORT: its `GET /metrics` (api and all serve it at `<url>/metrics`). */
  metricsUrl: string | null;
  /** Graceful stop: drain HTTP, stop consumers, finish jobs in hand, flush and close the engines. */
  stop(): Promise<void>;
}

/** Requests in flight get this long to finish when the process stops; connections still open after it are cut. */
const DRAIN_MS = 5000;

/**
 * Stops accepting, lets requests in flight finish, then closes. Fastify closes idle keep-alive connections once, when
 * the close starts; a connection whose request finishes after that turns idle and would be kept for the keep-alive
 * time (72 s), holding the close. So idle connections are closed as they appear, and after DRAIN_MS every remaining
 * connection is cut.
 */
const drainThenClose = async (app: FastifyInstance): Promise<void> => {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
};

/** Logged at every start on the test gateway: a stack that sells for the card 4242 must not go unnoticed. */
export const TEST_GATEWAY_WARNING =
  'PAYMENTS_GATEWAY=test: payments run on the embedded test gateway (test cards only, no real card is charged); set PAYMENTS_GATEWAY=stripe to take real payments';

const servesHttp = (config: Config) => config.ROLE === 'all' || config.ROLE === 'api';

/**
 * The composition root: the same code starts as api, projector, worker, or all three (embedded). Everything logs through
 * `withoutSecrets(given)`: no token, code, password or link secret reaches the log, at any level.
 */
export const startApplication = async (config: Config, given: Logger, options: ObservabilityOptions = {}): Promise<RunningApplication> => {
  const log = withoutSecrets(given);
  if (config.PAYMENTS_GATEWAY === 'test') log.warn({ payments_gateway: 'test' }, TEST_GATEWAY_WARNING);
  const cookieWarning = insecureCookieWarning(config);
  if (cookieWarning) log.warn({ cookie_secure: false }, cookieWarning);
  // Embedded: the encryption key is made (or moved out of the data folder, logged) before anything uses it.
  if (config.MODE === 'embedded' && !config.ENCRYPTION_KEY) await createFieldCipherFromConfig(config, log);
  const observability = await createObservability(config, MODULES, options);
  // Appends and job outcomes counted; with traces on, appends, deliveries and job runs traced (composition/observability.ts).
  const adapters = observability.observe(await openAdapters(config, log));
  let app: FastifyInstance | null = null;
  let sockets: { close(): Promise<void> } | null = null;
  let background: { stop(): Promise<void> } | null = null;

  /** Each step runs even when an earlier one failed; the first failure is rethrown at the end. */
  const stopAll = async () => {
    const steps: [string, () => Promise<void> | undefined][] = [
      ['http', () => (app ? drainThenClose(app) : undefined)],
      ['sockets', () => sockets?.close()],
      ['consumers and workers', () => background?.stop()],
      ['engines', () => adapters.close()],
      ['metrics and traces', () => observability.close()],
    ];
    let failure: unknown;
    for (const [name, step] of steps) {
      log.debug({ step: name }, 'stopping');
      try {
        await step();
      } catch (error) {
        failure ??= error;
      }
      log.debug({ step: name }, 'stopped');
    }
    if (failure !== undefined) throw failure;
  };

  try {
    const tokens = await createTokenService({
      privateKeyPem: config.JWT_PRIVATE_KEY,
      keys: keyPlaceOf(config, log),
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    });
    const hub = createRealtimeHub({ messages: liveMessageNames([...MODULES, EVENT_LOG_DECLARATIONS]) });
    checkDataOwnership(MODULES);
    const platform = createPlatform(config, log, adapters, tokens, observability.realtime(hub.realtime), MODULES);
    // Each module's routes, reactions, workers, schedules, seed and rooms see only its own streams and collections.
    const modules = MODULES.map((module) => ownedBy(module, platform));
    // Built on every role, so two modules claiming one entity kind fail at start wherever it runs.
    const authorizeEntity = entityRooms(modules, platform);

    let url: string | null = null;
    if (servesHttp(config)) {
      app = await buildApp({ platform, modules, webDistDir: resolve(config.WEB_DIST_DIR), logger: log, observe: observability.http });
      const checks = modules.flatMap((m) => (m.accessCheck ? [m.accessCheck(platform)] : []));
      const attached = attachSocketIo(app, { tokens, checks, hub, authorizeEntity, ...(config.REDIS_URL && config.MODE === 'distributed' ? { redis: { url: config.REDIS_URL } } : {}) });
      observability.metrics.sampleSocketConnections(() => attached.io.engine.clientsCount);
      sockets = attached;
    } else if (config.MODE === 'distributed' && config.REDIS_URL) {
      // projector and worker processes push through the Redis adapter to the api processes' sockets
      sockets = startRealtimeEmitter({ redis: { url: config.REDIS_URL }, hub });
    }
    if (config.ROLE === 'all' || config.ROLE === 'projector') observability.watchProjections(adapters, modules);
    const metricsUrl = await observability.serve();
    // Seeds and consumers first, so a process that answers /api/health has its seed data.
    background = await startBackground(platform, adapters, modules);
    if (app) {
      await app.listen({ port: config.PORT, host: config.HOST });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.PORT;
      url = `http://localhost:${port}`;
    }

    let stopping: Promise<void> | null = null;
    const stop = () => (stopping ??= stopAll());
    return { platform, app, url, metricsUrl, stop };
  } catch (error) {
    // A failed start (e.g. the port is taken) must not leave consumers, workers or connections running.
    await stopAll().catch((stopError: unknown) => log.error({ err: stopError }, 'could not stop after a failed start'));
    throw error;
  }
};
