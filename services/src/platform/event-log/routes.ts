import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import {
  EventExportQuery,
  EventTailPage,
  EventTailQuery,
  EventTypeInfo,
  StreamHistoryPage,
  StreamHistoryParams,
  StreamHistoryQuery,
} from '@acpg/contracts/event-log';
import { z } from 'zod';
import { exportLines, parseExportRange, type ExportRange } from '../event-store/export-format.ts';
import { redactSensitive } from '../event-store/redact.ts';
import { validationFailed } from '../http/errors.ts';
import { sensitiveEventTypesOf, type Module, type Platform } from '../module.ts';

const EVENTS = { auth: { capability: 'events.read' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };
const CONTENT_TYPES = { jsonl: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

/** `events-<from>-to-<to>.<format>`, the range's days (or `start`/`now`), so two exports of one day sort by name. */
export const exportFileName = (range: ExportRange, format: string, now: Date): string => {
  const day = (ms: number | null, fallback: string) => (ms === null ? fallback : new Date(ms).toISOString().slice(0, 10));
  return `events-${day(range.from, 'start')}-to-${day(range.to, now.toISOString().slice(0, 10))}.${format}`;
};

/**
 * `/admin/events` (capability `events.read`): the raw event tail newest first, one stream's history, the export as a
 * streamed download, and the known event types. Every answer redacts the sensitive types' data, as the CLI does.
 * Platform routes (not a module's): they read every stream, which no module's scoped platform may.
 */
export const eventLogRoutes =
  (platform: Platform, modules: readonly Module[]): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { eventStore } = platform;
    const sensitive = sensitiveEventTypesOf(modules);
    const types = modules
      .flatMap((module) => (module.eventTypes ?? []).map((type) => ({ type, module: module.name, sensitive: sensitive.has(type) })))
      .sort((a, b) => a.type.localeCompare(b.type));

    app.get(
      '/admin/events',
      {
        config: EVENTS,
        schema: {
          tags: ['events'],
          summary: 'The raw event tail, newest first, by type and stream (sensitive data redacted)',
          description: 'Keyset-paged by position: pass the answer’s `next_before` as `before` for the older page.',
          security: [{ bearer: [] }],
          querystring: EventTailQuery,
          response: { 200: okEnvelope(EventTailPage), ...refusals },
        },
      },
      async (request) => {
        const { type, stream, stream_match, before, limit } = request.query;
        const items = await eventStore.readLatest({
          limit,
          ...(before === undefined ? {} : { before }),
          ...(type ? { types: type } : {}),
          ...(stream ? { stream, streamPrefix: stream_match === 'prefix' } : {}),
        });
        const last = items[items.length - 1];
        return {
          success: true as const,
          data: { items: items.map((event) => redactSensitive(event, sensitive)), next_before: items.length === limit && last ? last.position : null },
        };
      },
    );

    app.get(
      '/admin/events/types',
      {
        config: EVENTS,
        schema: {
          tags: ['events'],
          summary: 'Every event type the modules write, with its module and whether its data is redacted',
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(z.array(EventTypeInfo)), ...refusals },
        },
      },
      async () => ({ success: true as const, data: types }),
    );

    app.get(
      '/admin/events/streams/:stream',
      {
        config: EVENTS,
        schema: {
          tags: ['events'],
          summary: 'One stream’s history, oldest first (sensitive data redacted)',
          description: 'Paged by version: pass the answer’s `next_version` as `from_version` for the next page. An unknown stream has no events.',
          security: [{ bearer: [] }],
          params: StreamHistoryParams,
          querystring: StreamHistoryQuery,
          response: { 200: okEnvelope(StreamHistoryPage), ...refusals },
        },
      },
      async (request) => {
        const { stream } = request.params;
        const { from_version, limit } = request.query;
        // The port reads a stream from a version to its end; a stream is one aggregate's life, short enough to read.
        const events = await eventStore.readStream(stream, from_version);
        const items = events.slice(0, limit);
        const last = items[items.length - 1];
        return {
          success: true as const,
          data: {
            stream,
            items: items.map((event) => redactSensitive(event, sensitive)),
            next_version: events.length > limit && last ? last.version + 1 : null,
          },
        };
      },
    );

    app.get(
      '/admin/events/export',
      {
        config: EVENTS,
        schema: {
          tags: ['events'],
          summary: 'Export events by type and time as a streamed download, JSONL or CSV (sensitive data redacted)',
          description:
            'Answers `application/x-ndjson` (one event envelope a line) or `text/csv` (the header `position,id,type,stream,version,occurredAt,actor,correlationId,causationId,schemaVersion,data`) ' +
            'as an attachment, in position order, written as the log is read. A bad range answers 400 before anything is sent.',
          security: [{ bearer: [] }],
          querystring: EventExportQuery,
          response: refusals,
        },
      },
      async (request, reply) => {
        const { format, type, from, to } = request.query;
        let range: ExportRange;
        try {
          range = parseExportRange(from, to, { from: 'from', to: 'to' });
        } catch (error) {
          const message = error instanceof Error ? error.message : 'The range is not valid.';
          throw validationFailed(message, [{ path: /^to\b/.test(message) ? 'to' : 'from', message }]);
        }
        const lines = Readable.from(exportLines(eventStore, { format, types: type, range, sensitive }));
        request.log.info({ format, types: type, from, to }, 'events export started');
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${exportFileName(range, format, new Date())}"`)
          .header('cache-control', 'private, no-store')
          // A stream is piped, never serialized: the typed reply knows only the refusals' schemas.
          .send(lines as never);
      },
    );
  };
