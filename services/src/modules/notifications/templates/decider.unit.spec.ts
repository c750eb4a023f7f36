import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { decideTemplate, evolveTemplate, initialTemplateState, type MessageTemplateEvent, type TemplateCommand } from './decider.ts';
import { templateOverridesProjection, templateVersionsProjection } from './projection.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';

const key = 'identity.sign-in-code';
const meta = metaAt('2026-11-28T10:00:00.000Z', { actor: 'acc-admin' });
const at = '2026-11-28T10:00:00.000Z';
const given = (...events: MessageTemplateEvent[]) => events.reduce(evolveTemplate, initialTemplateState());
const edited = (version: number, parts: { subject?: string; html?: string; text?: string }): MessageTemplateEvent => ({
  type: 'MessageTemplateEdited',
  data: { key, ...parts, version, by: 'acc-admin', at },
});
const reset = (version: number): MessageTemplateEvent => ({ type: 'MessageTemplateReset', data: { key, version, by: 'acc-admin', at } });
const edit = (expected_version: number, parts: { subject?: string; html?: string; text?: string }): TemplateCommand => ({
  type: 'EditTemplate',
  data: { key, expected_version, parts },
  metadata: meta,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('not refused');
};

describe('message template decider', () => {
  it('records an edit as the next version, with who and when from the metadata', () => {
    expect(decideTemplate(edit(0, { subject: 'Your code' }), given())).toEqual([
      { type: 'MessageTemplateEdited', data: { key, subject: 'Your code', version: 1, by: 'acc-admin', at } },
    ]);
    expect(decideTemplate(edit(1, { text: 'Code {{ code }}' }), given(edited(1, { subject: 'A' })))).toEqual([
      { type: 'MessageTemplateEdited', data: { key, text: 'Code {{ code }}', version: 2, by: 'acc-admin', at } },
    ]);
  });

  it('refuses an edit at a stale version (409 STALE_VERSION) and an empty edit', () => {
    const stale = refusal(() => decideTemplate(edit(0, { subject: 'B' }), given(edited(1, { subject: 'A' }))));
    expect([stale.kind, stale.code]).toEqual(['conflict', 'STALE_VERSION']);
    expect(refusal(() => decideTemplate(edit(2, { subject: 'B' }), given(edited(1, { subject: 'A' })))).code).toBe('STALE_VERSION');
    expect(refusal(() => decideTemplate(edit(0, {}), given())).code).toBe('TEMPLATE_INVALID');
  });

  it('records nothing when the edit is what is sent already', () => {
    expect(decideTemplate(edit(1, { subject: 'A' }), given(edited(1, { subject: 'A' })))).toEqual([]);
  });

  it('restores an earlier version with its parts, and a version that was a reset as a reset', () => {
    const state = given(edited(1, { subject: 'A' }), edited(2, { subject: 'B', text: 'b' }), reset(3));
    expect(decideTemplate({ type: 'RestoreTemplate', data: { key, version: 2, expected_version: 3 }, metadata: meta }, state)).toEqual([
      { type: 'MessageTemplateRestored', data: { key, subject: 'B', text: 'b', from_version: 2, version: 4, by: 'acc-admin', at } },
    ]);
    const after = given(edited(1, { subject: 'A' }), reset(2), edited(3, { subject: 'C' }));
    expect(decideTemplate({ type: 'RestoreTemplate', data: { key, version: 2, expected_version: 3 }, metadata: meta }, after)).toEqual([
      { type: 'MessageTemplateReset', data: { key, version: 4, by: 'acc-admin', at } },
    ]);
  });

  it('refuses to restore the current, a future or no version, and at a stale version', () => {
    const state = given(edited(1, { subject: 'A' }), edited(2, { subject: 'B' }));
    for (const version of [2, 3, 0]) {
      expect(refusal(() => decideTemplate({ type: 'RestoreTemplate', data: { key, version, expected_version: 2 }, metadata: meta }, state)).code).toBe('NO_SUCH_VERSION');
    }
    expect(refusal(() => decideTemplate({ type: 'RestoreTemplate', data: { key, version: 1, expected_version: 1 }, metadata: meta }, state)).code).toBe('STALE_VERSION');
  });

  it('resets an edited template, and records nothing for one never edited', () => {
    expect(decideTemplate({ type: 'ResetTemplate', data: { key, expected_version: 1 }, metadata: meta }, given(edited(1, { subject: 'A' })))).toEqual([reset(2)]);
    expect(decideTemplate({ type: 'ResetTemplate', data: { key, expected_version: 0 }, metadata: meta }, given())).toEqual([]);
  });

  it('evolves the version, the current edit and every version', () => {
    const state = given(edited(1, { subject: 'A' }), reset(2), { type: 'MessageTemplateRestored', data: { key, subject: 'A', from_version: 1, version: 3, by: null, at } });
    expect(state).toEqual({ version: 3, current: { subject: 'A' }, versions: [null, { subject: 'A' }, null, { subject: 'A' }] });
  });
});

const stored = (event: MessageTemplateEvent, version: number): StoredEvent =>
  ({ id: `e${version}`, stream: `notifications-email-template-${key}`, version, position: version, type: event.type, data: event.data, occurredAt: at, metadata: {} }) as unknown as StoredEvent;

describe('message template projections', () => {
  it('keep the current edit per key (edited false after a reset) and a row per version', () => {
    const events = [edited(1, { subject: 'A' }), reset(2)];
    let doc = null;
    for (const [i, event] of events.entries()) doc = templateOverridesProjection.evolve(doc, stored(event, i + 1));
    expect(doc).toMatchObject({ _id: key, edited: false, version: 2, updated_by: 'acc-admin', parts: {} });
    expect(templateOverridesProjection.evolve(null, stored(events[0]!, 1))).toMatchObject({ edited: true, parts: { subject: 'A' } });
    expect(templateVersionsProjection.documentId(stored(events[1]!, 2))).toBe(`${key}:2`);
    expect(templateVersionsProjection.evolve(null, stored(events[1]!, 2))).toMatchObject({ kind: 'reset', version: 2, key });
  });

  it('ignore events of other streams', () => {
    const other = { ...stored(edited(1, { subject: 'A' }), 1), stream: 'notifications-other' } as StoredEvent;
    expect(templateOverridesProjection.documentId(other)).toBeNull();
  });
});
