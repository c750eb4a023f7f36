import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { notFoundBody } from '../http/error-handler.ts';
import type { Metrics } from './metrics.ts';
import { correlationKey } from './traced-ports.ts';
import { originOf, type Tracing } from './tracing.ts';

export const METRICS_PATH = '/metrics';

const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a reverse proxy adds: a request that came through one is not the host's own, even from loopback. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

const sameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who may read the metrics: with METRICS_TOKEN, a request bearing it; without, only a direct request from this host
 * (loopback, no proxy's forwarding header). Anyone else gets the 404 of an unknown path: the series stay unseen.
 */
export const mayScrape = (token: string | undefined, request: { remoteAddress: string | undefined; headers: Record<string, string | string[] | undefined> }): boolean => {
  if (token) {
    const header = request.headers.authorization;
    return typeof header === 'string' && header.startsWith('Bearer ') && sameToken(header.slice('Bearer '.length), token);
  }
  return request.remoteAddress !== undefined && LOOPBACK.has(request.remoteAddress) && FORWARDED.every((name) => request.headers[name] === undefined);
};

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * Every answer's duration in `http_request_duration_seconds` (callback hooks: an async hook costs a promise per
 * request) and, with traces on, a server span per request remembered by its id (the correlation id of what it appends).
 * Installed before any route, so every route has them. `GET /metrics` is outside /api/v1 and not in the OpenAPI document.
 */
export const observeHttp = (app: FastifyInstance, { metrics, tracing, token }: { metrics: Metrics; tracing: Tracing | null; token: string | undefined }): void => {
  if (tracing) {
    app.addHook('onRequest', (request, _reply, done) => {
      const span = tracing.start(request.method, undefined, {
        kind: SpanKind.SERVER,
        correlationId: request.id,
        attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? request.url },
      });
      spans.set(request, span);
      tracing.remember(correlationKey(request.id), originOf(span, request.id));
      done();
    });
  }
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const span = tracing ? spans.get(request) : undefined;
    if (span) {
      if (route) span.updateName(`${request.method} ${route}`).setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.get(METRICS_PATH, { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(token, { remoteAddress: request.socket.remoteAddress, headers: request.headers })) return reply.code(404).send(notFoundBody(request.method, request.url));
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};
