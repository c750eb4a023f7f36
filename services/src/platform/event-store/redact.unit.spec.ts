import { describe, expect, it } from 'vitest';
import { redactSensitive } from './redact.ts';

const event = (type: string) => ({
  id: 'e1', type, stream: 's-1', version: 1, position: 1, occurredAt: '2026-01-01T00:00:00.000Z',
  actor: null, correlationId: 'c', causationId: null, schemaVersion: 1, data: { secret: 'hash' },
});

describe('redactSensitive', () => {
  it('drops the data of sensitive event types and keeps the envelope', () => {
    const out = redactSensitive(event('AccountPasswordSet'), new Set(['AccountPasswordSet']));
    expect(out.data).toEqual({ redacted: true });
    expect(out.type).toBe('AccountPasswordSet');
    expect(out.position).toBe(1);
  });
  it('leaves other events alone', () => {
    expect(redactSensitive(event('UserInteractionRecorded'), new Set(['AccountPasswordSet'])).data).toEqual({ secret: 'hash' });
  });
});
