import { z } from 'zod';
import { EventEnvelope } from './envelope.ts';

/**
 * The admin Events screen (issue 23): the raw event tail, one stream's history, the export, the live feed.
 * Events leave as stored envelopes, a sensitive type's data replaced by `{ redacted: true }`.
 */
export const EVENTS_APPENDED_MESSAGE = 'events.appended';
export const EVENT_TAIL_MAX_LIMIT = 200;
export const EVENT_EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type EventExportFormat = (typeof EVENT_EXPORT_FORMATS)[number];

/** `?type=A&type=B` or `?type=A,B`: the types asked for, none meaning every type. */
const Types = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const types = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean);
    return types.length > 0 ? types : undefined;
  })
  .pipe(z.array(z.string().max(100)).max(200).optional())
  .describe('Event type to include (repeatable, or comma-separated); every type when absent');

const Limit = z.coerce.number().int().min(1).max(EVENT_TAIL_MAX_LIMIT).default(50).describe('How many events to answer');

export const EventTailQuery = z.object({
  type: Types,
  stream: z.string().trim().max(300).optional().describe('Stream name to match'),
  stream_match: z.enum(['exact', 'prefix']).default('prefix').describe('`prefix` (default): streams whose name starts with `stream`; `exact`: that stream only'),
  before: z.coerce.number().int().min(1).optional().describe('Answer events with a position below this (the previous page’s `next_before`)'),
  limit: Limit,
});
export type EventTailQuery = z.infer<typeof EventTailQuery>;

export const StoredEventView = EventEnvelope;
export type StoredEventView = z.infer<typeof StoredEventView>;

export const EventTailPage = z.object({
  items: z.array(StoredEventView).describe('Newest first'),
  next_before: z.number().int().nullable().describe('`before` of the next (older) page; null when this page is the last'),
});
export type EventTailPage = z.infer<typeof EventTailPage>;

export const StreamHistoryParams = z.object({ stream: z.string().min(1).max(300) });

export const StreamHistoryQuery = z.object({
  from_version: z.coerce.number().int().min(1).default(1).describe('First version answered'),
  limit: Limit,
});

export const StreamHistoryPage = z.object({
  stream: z.string(),
  items: z.array(StoredEventView).describe('Oldest first'),
  next_version: z.number().int().nullable().describe('`from_version` of the next page; null when this page is the last'),
});
export type StreamHistoryPage = z.infer<typeof StreamHistoryPage>;

export const EventExportQuery = z.object({
  format: z.enum(EVENT_EXPORT_FORMATS).default('jsonl'),
  type: Types,
  from: z.string().max(40).optional().describe('First day (YYYY-MM-DD) or instant (ISO 8601) included'),
  to: z.string().max(40).optional().describe('Last day (whole day included, UTC) or instant'),
});

export const EventTypeInfo = z.object({
  type: z.string(),
  module: z.string(),
  sensitive: z.boolean().describe('Its data is redacted in every answer'),
});
export type EventTypeInfo = z.infer<typeof EventTypeInfo>;

/** A tail row as pushed live: what the table shows, without the data (the JSON view reads the event). */
export const EventSummary = StoredEventView.pick({ position: true, id: true, type: true, stream: true, version: true, occurredAt: true, correlationId: true });
export type EventSummary = z.infer<typeof EventSummary>;

export const EventsAppended = z.object({
  events: z.array(EventSummary).describe('Newest first, appended since the previous push'),
  head: z.number().int().describe('Position of the newest event pushed'),
  gap: z.boolean().describe('More events were appended than this push carries: read the tail again to see them all'),
});
export type EventsAppended = z.infer<typeof EventsAppended>;
