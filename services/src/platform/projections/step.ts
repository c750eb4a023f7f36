import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import type { Projection } from './port.ts';

/** Stream version of the last event applied to a document, that event's stream and its global position. */
export interface DocumentMeta {
  _version: number;
  _stream: string;
  /** Global log position of that event: live views merge reads and pushes by it. */
  _position: number;
}

/** The event is already in the document (redelivery): the guard by stream version. */
export const alreadyApplied = (doc: Doc | null, event: StoredEvent): boolean =>
  doc !== null && doc._stream === event.stream && typeof doc._version === 'number' && doc._version >= event.version;

/**
 * The document after `event`, in canonical form: `_id` first, the projection's fields in evolve's order,
 * then `_version`, `_stream` and `_position`. Live runs and replays go through this same path, so they write the same bytes.
 */
export const evolveDocument = (projection: Projection, id: string, doc: Doc | null, event: StoredEvent): Doc | null => {
  const next = projection.evolve(doc, event);
  if (next === null) return null;
  const { _id: _ignoredId, _version: _ignoredVersion, _stream: _ignoredStream, _position: _ignoredPosition, ...fields } = next;
  return { _id: id, ...fields, _version: event.version, _stream: event.stream, _position: event.position };
};
