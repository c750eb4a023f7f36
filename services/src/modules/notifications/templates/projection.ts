import type { TemplateParts, TemplateVersion } from '@acpg/contracts/email-templates';
import type { Doc, Documents } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import type { TemplateOverrides } from '../../../platform/templates/overrides.ts';
import { MESSAGE_TEMPLATE_EVENTS, partsOf, toTemplateEvent } from './decider.ts';

export const TEMPLATE_OVERRIDES_COLLECTION = 'notifications_template_overrides';
export const TEMPLATE_VERSIONS_COLLECTION = 'notifications_template_versions';

const isTemplateStream = (stream: string) => stream.startsWith('notifications-email-template-');

/**
 * The edit each template sends now, one document per key (`_id` the key): `edited` false after a reset. The
 * platform's template registry reads it at every render (`storedTemplateOverrides`), so the next message, on any
 * process, uses the latest edit the projector has applied.
 */
export const templateOverridesProjection = defineProjection({
  name: 'notifications.template_overrides',
  collection: TEMPLATE_OVERRIDES_COLLECTION,
  handles: MESSAGE_TEMPLATE_EVENTS,
  fromStored: (stored) => (isTemplateStream(stored.stream) ? toTemplateEvent(stored) : null),
  documentId: (event) => event.data.key,
  evolve: (_doc, event) => {
    const { key, version, by, at } = event.data;
    const base = { _id: key, key, version, updated_at: at, updated_by: by };
    switch (event.type) {
      case 'MessageTemplateEdited':
      case 'MessageTemplateRestored':
        return { ...base, edited: true, parts: partsOf(event.data) };
      case 'MessageTemplateReset':
        return { ...base, edited: false, parts: {} };
      default:
        return _doc;
    }
  },
});

/** Every version of every template, one row each (`<key>:<version>`), for the history and restore. */
export const templateVersionsProjection = defineProjection({
  name: 'notifications.template_versions',
  collection: TEMPLATE_VERSIONS_COLLECTION,
  handles: MESSAGE_TEMPLATE_EVENTS,
  indexes: ['key'],
  fromStored: (stored) => (isTemplateStream(stored.stream) ? toTemplateEvent(stored) : null),
  documentId: (event) => `${event.data.key}:${event.data.version}`,
  evolve: (_doc, event) => {
    const { key, version, by, at } = event.data;
    const row = { _id: `${key}:${version}`, key, version, by, at };
    switch (event.type) {
      case 'MessageTemplateEdited':
        return { ...row, kind: 'edited', from_version: null, parts: partsOf(event.data) };
      case 'MessageTemplateRestored':
        return { ...row, kind: 'restored', from_version: event.data.from_version, parts: partsOf(event.data) };
      case 'MessageTemplateReset':
        return { ...row, kind: 'reset', from_version: null, parts: {} };
      default:
        return _doc;
    }
  },
});

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
export const partsFromDoc = (value: unknown): TemplateParts => {
  const doc = (value ?? {}) as Record<string, unknown>;
  return partsOf({ subject: text(doc.subject), html: text(doc.html), text: text(doc.text) });
};

export const toTemplateVersion = (doc: Doc): TemplateVersion => ({
  version: Number(doc.version),
  kind: doc.kind === 'restored' ? 'restored' : doc.kind === 'reset' ? 'reset' : 'edited',
  from_version: typeof doc.from_version === 'number' ? doc.from_version : null,
  at: String(doc.at),
  by: typeof doc.by === 'string' ? doc.by : null,
  parts: partsFromDoc(doc.parts),
});

/**
 * The registry's port (`platform/templates/overrides.ts`) over the read model: wired where the registry is created
 * (`composition/runtime.ts`) with the root documents, so every role (the worker above all) reads the same edits.
 */
export const storedTemplateOverrides = (documents: Pick<Documents, 'get'>): TemplateOverrides => ({
  async find(key) {
    const doc = await documents.get(TEMPLATE_OVERRIDES_COLLECTION, key);
    return doc && doc.edited === true ? partsFromDoc(doc.parts) : null;
  },
});
