import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { interactionsProjection, toInteraction } from './projection.ts';

const evolve = interactionsProjection.evolve;

/** What the browser sent (the event's data). */
const SENT = {
  data_id: '17',
  page_name: 'Home',
  interaction_type: 'click',
  button_name: 'Get started',
  user_id: 'u-1',
  location: { latitude: 34.05, longitude: -118.24 },
};

const recorded = (overrides: Partial<StoredEvent> = {}, data: Record<string, unknown> = {}): StoredEvent => ({
  id: 'event-1',
  type: 'UserInteractionRecorded',
  stream: 'insights-interaction-0190-abc',
  version: 1,
  position: 42,
  occurredAt: '2025-05-06T07:08:09.123Z',
  actor: null,
  correlationId: 'req-1',
  causationId: null,
  schemaVersion: 1,
  data: { ...SENT, ...data },
  ...overrides,
});

describe('interactions projection', () => {
  it('UserInteractionRecorded makes one document keyed by the interaction id, created when it happened', () => {
    expect(evolve(null, recorded())).toEqual({ _id: '0190-abc', id: '0190-abc', ...SENT, created_at: '2025-05-06T07:08:09.123Z' });
    expect(interactionsProjection.documentId(recorded())).toBe('0190-abc');
  });

  it('keeps a null location, data id and user id as null', () => {
    const doc = evolve(null, recorded({}, { location: null, data_id: null, user_id: null }));
    expect(doc).toMatchObject({ location: null, data_id: null, user_id: null });
  });

  it('drops fields of the location it does not know', () => {
    const doc = evolve(null, recorded({}, { location: { latitude: 1, longitude: 2, accuracy: 5 } }));
    expect(doc?.location).toEqual({ latitude: 1, longitude: 2 });
  });

  it('is deterministic: the same event gives the same document (replay, redelivery)', () => {
    const first = evolve(null, recorded());
    expect(evolve(first, recorded())).toEqual(first);
  });

  it('leaves the document alone for other event types', () => {
    const doc = evolve(null, recorded());
    expect(evolve(doc, recorded({ type: 'SomethingElse' }))).toBe(doc);
    expect(evolve(null, recorded({ type: 'SomethingElse' }))).toBeNull();
  });

  it('declares the indexes the dashboard filters and sorts on', () => {
    expect([...(interactionsProjection.indexes ?? [])].sort()).toEqual(['button_name', 'created_at', 'interaction_type', 'page_name', 'user_id']);
  });

  it('maps a stored document (with the runner bookkeeping) to the public shape', () => {
    const doc = evolve(null, recorded());
    if (!doc) throw new Error('no doc');
    const shown = toInteraction({ ...doc, _version: 1 });
    expect(shown).not.toHaveProperty('_id');
    expect(shown).not.toHaveProperty('_version');
    expect(shown.created_at).toBe('2025-05-06T07:08:09.123Z');
  });
});
