import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type FastifySchema } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { rolesWith } from '@acpg/contracts/role-permissions';
import { authGuard } from '../auth/guard.ts';
import type { RouteAuth } from '../auth/port.ts';
import { sensitiveEventTypesOf, type Module, type Platform } from '../module.ts';
import { SOCKET_IO_PATH } from '../realtime/socket-io.ts';
import { ASYNCAPI_PATH, buildAsyncApi } from '../realtime/asyncapi.ts';
import { installClosers } from './closers.ts';
import { recordApiRoutes } from './route-inventory.ts';
import { acceptMissingOptionalBody, jsonWithEmptyAsNone } from './missing-body.ts';
import { errorHandler, MAX_PATH_PARAMETER_LENGTH, notFoundBody, routerErrorHandler } from './error-handler.ts';
import { RetryLaterError } from './errors.ts';
import { sendWebAppMissing } from './web-app-missing.ts';
import { eventStreamRoutes } from './event-stream.ts';
import { eventLogRoutes } from '../event-log/routes.ts';
import { EVENT_LOG_DECLARATIONS } from '../event-log/live.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { clientKey } from './client-key.ts';
import { rateLimitStoreOn } from './rate-limit-store.ts';
import { publicPages, ssrEntryFile, type PublicAnswer } from './public-pages.ts';
import { seoRoutes } from './seo.ts';
import { publicUrl } from '../config/public-url.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the request body per content type, for a route that reads several (a file as multipart,
     * as text/csv, or in JSON). Fastify does not validate these; the handler reads and checks the body itself.
     */
    requestBodyContent?: Readonly<Record<string, z.ZodType>>;
  }
}

/**
 * A signed-in operation's description names its capability and the roles that have it (the role table of
 * `@acpg/contracts/role-permissions`, which the route guard enforces): a client reads who may call it in the document.
 */
const withCapability = (input: Parameters<typeof jsonSchemaTransform>[0]): Parameters<typeof jsonSchemaTransform>[0] => {
  const auth = (input.route as { config?: { auth?: RouteAuth } } | undefined)?.config?.auth;
  if (typeof auth !== 'object') return input;
  const note = `Capability \`${auth.capability}\` (roles: ${rolesWith(auth.capability).join(', ')}); other roles answer 403.`;
  const schema = (input.schema ?? {}) as FastifySchema & { description?: string };
  return { ...input, schema: { ...schema, description: schema.description ? `${schema.description}\n\n${note}` : note } };
};

/** The zod type provider's transform, plus `requestBodyContent` as the operation's request body per content type. */
const openApiTransform: typeof jsonSchemaTransform = (given) => {
  const input = withCapability(given);
  const { requestBodyContent, ...schema } = (input.schema ?? {}) as FastifySchema;
  if (!requestBodyContent) return jsonSchemaTransform(input);
  const out = jsonSchemaTransform({ ...input, schema });
  const content = Object.fromEntries(
    Object.entries(requestBodyContent).map(([type, body]) => {
      const { $schema: _dialect, ...json } = z.toJSONSchema(body, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
      return [type, { schema: json }];
    }),
  );
  return { ...out, schema: { ...out.schema, body: { content } } };
};

export const API_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${API_PREFIX}/docs`;

export interface BuildAppOptions {
  platform: Platform;
  modules: readonly Module[];
  /** The built web app; served at `/` with the SPA fallback when it holds an index.html. */
  webDistDir?: string;
  /** Defaults to `platform.log`. */
  logger?: FastifyBaseLogger;
  /** Hooks that watch every request (metrics, traces) and their routes (`GET /metrics`), installed before any route. */
  observe?: (app: FastifyInstance) => void;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

export const HealthResponse = okEnvelope(
  z.object({ status: z.literal('ok'), mode: z.enum(['embedded', 'distributed']), role: z.enum(['all', 'api', 'projector', 'worker']) }),
);

const ReadinessChecks = z.array(z.object({ name: z.string(), ok: z.boolean() }));
export const ReadyResponse = okEnvelope(z.object({ status: z.literal('ready'), checks: ReadinessChecks }));
export const NotReadyResponse = ErrorEnvelope.extend({ checks: ReadinessChecks });

/** Routes of plugins that cannot declare `config.auth` themselves (docs UI, static files) are public. */
const markRoutesPublic = (app: FastifyInstance) =>
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object | undefined), auth: 'public' };
  });

const docs: FastifyPluginAsync = async (app) => {
  markRoutesPublic(app);
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH });
};

const webApp =
  (root: string, indexHtml: string): FastifyPluginAsync =>
  async (app) => {
    markRoutesPublic(app);
    // A new build empties the folder under a running server: answer that clearly instead of a 500 from a vanished file.
    app.addHook('onRequest', async (request, reply) => {
      if (!existsSync(indexHtml)) return sendWebAppMissing(request, reply);
    });
    // wildcard: false lists the files at start; unknown paths fall to the not-found handler (SPA fallback).
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      // `/` is a public page the server renders (the not-found handler below), not the bare index.html.
      index: false,
      decorateReply: false,
      preCompressed: true, // the build writes .br and .gz beside each asset
      setHeaders: (reply, path) => {
        // Hashed file names never change content: cache for good. index.html is revalidated each time.
        reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  };

/**
 * Builds the HTTP app (it does not listen: main.ts does). Modules are encapsulated plugins under /api/v1;
 * every route declares its auth and the guard enforces it. Call `attachSocketIo(app, ...)` afterwards for live pushes.
 */
export const buildApp = async ({ platform, modules, webDistDir, logger, observe }: BuildAppOptions): Promise<FastifyInstance> => {
  // The raw event stream and socket.io share the http server's 'upgrade' event: each sees only its own paths.
  const upgrades = new EventEmitter();
  const app = Fastify({
    loggerInstance: logger ?? platform.log,
    requestIdHeader: false, // read in genReqId, so a client cannot put arbitrary text in the logs
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    frameworkErrors: routerErrorHandler, // answered in the error envelope, like every other error
    trustProxy: platform.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith(`${SOCKET_IO_PATH}/`)) upgrades.emit('upgrade', req, socket, head);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  installClosers(app);
  recordApiRoutes(app);
  jsonWithEmptyAsNone(app);
  acceptMissingOptionalBody(app);
  observe?.(app);
  // A callback hook, not an async one: it runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // First among the hooks: every answer (the SPA's HTML and assets, the API, errors, 404s) carries them.
  await registerSecurityHeaders(app, platform.config);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ACPG API',
        version: '1.0.0',
        description: [
          'Home services and property protection.',
          '',
          'Responses are `{ success: true, data, message? }`; errors `{ success: false, code, message, errors?: [{ path, message }] }` ',
          '(`VALIDATION_FAILED` names each field; every 429 has `retry_after_seconds` and a Retry-After header).',
          'Rate limits count per client address (an IPv6 client by its /64) or per account, on every api process together; ',
          'a limited route answers 503 `SERVICE_UNAVAILABLE` while its counters cannot be reached.',
          '',
          `Live updates (socket.io at \`${SOCKET_IO_PATH}\`: connecting with the access token, \`subscribe\` and its acknowledgement, every room and `,
          `every pushed message with its payload schema) are described by the AsyncAPI 3 document at [${ASYNCAPI_PATH}](${ASYNCAPI_PATH}).`,
        ].join('\n'),
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ...Object.assign({}, ...modules.map((m) => m.securitySchemes ?? {})),
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false, // routes opt in with config.rateLimit
    // By address: IPv4 as is, IPv6 by its /64 (request.ip, so TRUST_PROXY decides whether X-Forwarded-For is believed).
    keyGenerator: clientKey,
    // Counted in the platform's counters: on Redis in the distributed profile, so every api process counts together.
    store: rateLimitStoreOn(platform.counters),
    // Thrown and answered by the error handler: `retry_after_seconds` in the body and a Retry-After header, as every 429.
    errorResponseBuilder: (_request, context) =>
      new RetryLaterError('TOO_MANY_REQUESTS', `Too many requests. Try again in ${context.after}.`, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  // ws runs without a server of its own: upgrades reach it through `upgrades` (see above).
  await app.register(fastifyWebsocket, { options: { server: upgrades as unknown as Server } });

  // Registered before the guard: their routes are marked public as they are added.
  await app.register(docs);
  const webRoot = webDistDir ? resolve(webDistDir) : undefined;
  const indexHtml = webRoot !== undefined && existsSync(resolve(webRoot, 'index.html')) ? resolve(webRoot, 'index.html') : undefined;
  if (webRoot !== undefined && indexHtml) await app.register(webApp(webRoot, indexHtml));
  else platform.log.warn({ webDistDir: webRoot ?? null }, 'no web build: web paths answer 503 until "npm run build" has run');

  await app.register(authGuard, { tokens: platform.tokens, checks: modules.flatMap((m) => (m.accessCheck ? [m.accessCheck(platform)] : [])) });

  app.get(
    OPENAPI_PATH,
    { config: { auth: 'public' }, schema: { hide: true } },
    async () => app.swagger(),
  );
  // Built once from the modules' declarations (rooms, pushes); the server entry follows the caller's host.
  const asyncApi = buildAsyncApi([...modules, EVENT_LOG_DECLARATIONS]);
  app.get(ASYNCAPI_PATH, { config: { auth: 'public' }, schema: { hide: true } }, async (request) => ({
    ...asyncApi,
    servers: { api: { ...(asyncApi.servers as { api: object }).api, host: request.host, protocol: request.protocol === 'https' ? 'wss' : 'ws' } },
  }));
  app.get(
    '/api/health',
    { config: { auth: 'public' }, schema: { tags: ['health'], summary: 'Liveness', response: { 200: HealthResponse } } },
    async () => ({ success: true as const, data: { status: 'ok' as const, mode: platform.config.MODE, role: platform.config.ROLE } }),
  );
  app.get(
    '/api/health/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: every dependency of the running profile answers (each within 1 s); 503 names the ones that did not',
        response: { 200: ReadyResponse, 503: NotReadyResponse },
      },
    },
    async (_request, reply) => {
      // Names and ok/not only: why a check failed is for operators (the Operations screen), not for the public.
      const checks = (await platform.operations.readiness()).map(({ name, ok }) => ({ name, ok }));
      const failed = checks.filter((check) => !check.ok).map((check) => check.name);
      if (failed.length === 0) return { success: true as const, data: { status: 'ready' as const, checks } };
      return reply.code(503).send({ success: false as const, code: 'NOT_READY', message: `Not ready: ${failed.join(', ')}.`, checks });
    },
  );

  // A public GET answered in process, as the web's `http.get` gives it (for the rendered pages and the sitemap).
  const fetchPublic = async (url: string): Promise<PublicAnswer> => {
    const response = await app.inject({ method: 'GET', url: `${API_PREFIX}${url}`, headers: { accept: 'application/json' } });
    type Answer = { success?: boolean; data?: unknown; message?: string } | null;
    const body = ((): Answer => {
      try {
        return response.body ? (JSON.parse(response.body) as Answer) : null;
      } catch {
        return null; // not JSON (a proxy's error page): answered below as a failure with the status
      }
    })();
    if (response.statusCode < 300 && body?.success === true) return { success: true, data: body.data, ...(body.message ? { message: body.message } : {}) };
    const message = typeof body?.message === 'string' && body.message ? body.message : `Request failed (${response.statusCode})`;
    return { success: false, message, data: body ?? message, status: response.statusCode };
  };
  seoRoutes(app, { base: publicUrl(platform.config), fetchPublic });
  const pages =
    webRoot !== undefined && indexHtml ? publicPages({ entryFile: ssrEntryFile(webRoot), indexHtml, fetchPublic, log: app.log }) : undefined;
  // The renderer loads once the app is ready, not on the first visitor's request.
  app.addHook('onReady', async () => void pages?.warm());

  await app.register(eventStreamRoutes(platform, { sensitiveEventTypes: sensitiveEventTypesOf(modules) }), { prefix: API_PREFIX });
  await app.register(eventLogRoutes(platform, modules), { prefix: API_PREFIX });
  for (const module of modules) {
    if (module.routes) await app.register(module.routes(platform), { prefix: API_PREFIX });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // No build (or one emptied by a rebuild): say so with a 503 rather than a 404 or a 500.
      if (!indexHtml || !existsSync(indexHtml)) return sendWebAppMissing(request, reply);
      // A public page arrives rendered, with its data (public-pages.ts); anything else, or a failed render, gets the shell.
      const rendered = request.method === 'GET' ? await pages?.html(request.url) : undefined;
      if (rendered !== undefined) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(rendered);
      // The client-side router owns every other path; index.html is never cached so a new build is picked up.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(createReadStream(indexHtml));
    }
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });

  return app;
};
