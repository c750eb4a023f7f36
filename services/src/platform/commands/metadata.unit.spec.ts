import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../../test/stored-event.ts';
import { eventEnvelope } from './envelope.ts';
import { requestMeta, systemMeta } from './metadata.ts';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const source = () => {
  let n = 0;
  return { clock: () => NOW, newId: () => `id-${++n}` };
};

describe('command metadata', () => {
  it('from a request: the caller as actor, the request id as correlation and causation, the platform time and ids', () => {
    const meta = requestMeta({ id: 'req-1', principal: { userId: 'u-1', roles: ['Customer'] } }, source());
    expect(meta).toMatchObject({ now: NOW, actor: 'u-1', correlationId: 'req-1', causationId: 'req-1' });
    expect(meta.newId()).toBe('id-1');
    expect(requestMeta({ id: 'req-2', principal: null }, source()).actor).toBeNull();
  });

  it('for a seed: the named actor, a fresh correlation id and no cause', () => {
    expect(systemMeta(source(), { actor: 'seed' })).toMatchObject({ now: NOW, actor: 'seed', correlationId: 'id-1', causationId: null });
  });

  it('for a reaction: the triggering event is the cause, and its correlation carries on', () => {
    const cause = storedEvent({ id: 'event-7', type: 'SignInCompleted', stream: 'identity-signin-c1', data: {}, correlationId: 'req-9' });
    expect(systemMeta(source(), { actor: 'sign-in-notice', cause })).toMatchObject({ actor: 'sign-in-notice', correlationId: 'req-9', causationId: 'event-7' });
  });
});

describe('eventEnvelope', () => {
  it('records the metadata in the envelope; the store adds stream, version and position', () => {
    expect(eventEnvelope('e-1', 'SeatsBooked', { seats: 1 }, { now: NOW, actor: 'u-1', correlationId: 'c-1' })).toEqual({
      id: 'e-1',
      type: 'SeatsBooked',
      data: { seats: 1 },
      occurredAt: NOW.toISOString(),
      actor: 'u-1',
      correlationId: 'c-1',
      causationId: null,
    });
  });
});
