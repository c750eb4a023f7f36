import type { MessageTemplateEditedData, MessageTemplateResetData, MessageTemplateRestoredData, TemplateParts } from '@acpg/contracts/email-templates';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';

/**
 * An admin's edits of one message template: one stream per template key. The template's version is the stream's
 * version (0: never edited); every command names the version the editor read, and a change since refuses it.
 * Whether the parts render is checked before the command (`commands.ts`, with the registry): the decider keeps the
 * history and the order of changes.
 */
export const templateStream = (key: string) => `notifications-email-template-${key}`;

export type MessageTemplateEdited = { type: 'MessageTemplateEdited'; data: MessageTemplateEditedData };
export type MessageTemplateRestored = { type: 'MessageTemplateRestored'; data: MessageTemplateRestoredData };
export type MessageTemplateReset = { type: 'MessageTemplateReset'; data: MessageTemplateResetData };
export type MessageTemplateEvent = MessageTemplateEdited | MessageTemplateRestored | MessageTemplateReset;
export const MESSAGE_TEMPLATE_EVENTS = ['MessageTemplateEdited', 'MessageTemplateRestored', 'MessageTemplateReset'] as const;

type Expecting = { key: string; expected_version: number };
export type EditTemplate = Command<'EditTemplate', Expecting & { parts: TemplateParts }>;
export type RestoreTemplate = Command<'RestoreTemplate', Expecting & { version: number }>;
export type ResetTemplate = Command<'ResetTemplate', Expecting>;
export type TemplateCommand = EditTemplate | RestoreTemplate | ResetTemplate;

export interface TemplateState {
  version: number;
  /** The edit sent now; null: the registered text. */
  current: TemplateParts | null;
  /** What each version sent from then on, by version (index 0: the registered text). */
  versions: (TemplateParts | null)[];
}

export const initialTemplateState = (): TemplateState => ({ version: 0, current: null, versions: [null] });

/** Only the parts given, without undefined keys (so equal edits compare equal and events stay small). */
export const partsOf = (data: TemplateParts): TemplateParts => {
  const parts: TemplateParts = {};
  if (data.subject !== undefined) parts.subject = data.subject;
  if (data.html !== undefined) parts.html = data.html;
  if (data.text !== undefined) parts.text = data.text;
  return parts;
};

const sameParts = (a: TemplateParts | null, b: TemplateParts | null) =>
  a === b || (a !== null && b !== null && a.subject === b.subject && a.html === b.html && a.text === b.text);

export const evolveTemplate = (state: TemplateState, event: MessageTemplateEvent): TemplateState => {
  switch (event.type) {
    case 'MessageTemplateEdited':
    case 'MessageTemplateRestored': {
      const current = partsOf(event.data);
      return { version: event.data.version, current, versions: [...state.versions, current] };
    }
    case 'MessageTemplateReset':
      return { version: event.data.version, current: null, versions: [...state.versions, null] };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown message template event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

const stale = () =>
  new DomainError('conflict', 'STALE_VERSION', 'Someone changed this template since you opened it. Reload it, then make your change again.');

export const decideTemplate = (command: TemplateCommand, state: TemplateState): MessageTemplateEvent[] => {
  const { key, expected_version } = command.data;
  if (expected_version !== state.version) throw stale();
  const version = state.version + 1;
  const by = command.metadata.actor;
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'EditTemplate': {
      const parts = partsOf(command.data.parts);
      if (Object.keys(parts).length === 0) throw new DomainError('invalid', 'TEMPLATE_INVALID', 'Change the subject, the HTML or the text before saving.');
      // Saving what is sent already records nothing (a double click, a retried request).
      if (sameParts(state.current, parts)) return [];
      return [{ type: 'MessageTemplateEdited', data: { key, ...parts, version, by, at } }];
    }
    case 'RestoreTemplate': {
      const from = command.data.version;
      if (from >= state.version || from < 1) {
        throw new DomainError('not_found', 'NO_SUCH_VERSION', `Version ${from} is not an earlier version of this template.`);
      }
      const parts = state.versions[from] ?? null;
      if (parts === null) return state.current === null ? [] : [{ type: 'MessageTemplateReset', data: { key, version, by, at } }];
      return [{ type: 'MessageTemplateRestored', data: { key, ...parts, from_version: from, version, by, at } }];
    }
    case 'ResetTemplate':
      // Already the registered text: nothing to record.
      if (state.current === null) return [];
      return [{ type: 'MessageTemplateReset', data: { key, version, by, at } }];
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown message template command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** Reads a stored event back (null for other types). Not re-validated: an event is a fact. */
export const toTemplateEvent = (event: StoredEvent): MessageTemplateEvent | null => {
  switch (event.type) {
    case 'MessageTemplateEdited':
      return { type: 'MessageTemplateEdited', data: event.data as MessageTemplateEditedData };
    case 'MessageTemplateRestored':
      return { type: 'MessageTemplateRestored', data: event.data as MessageTemplateRestoredData };
    case 'MessageTemplateReset':
      return { type: 'MessageTemplateReset', data: event.data as MessageTemplateResetData };
    default:
      return null;
  }
};

export const templateDecider: Decider<TemplateCommand, MessageTemplateEvent, TemplateState> = {
  initialState: initialTemplateState,
  evolve: evolveTemplate,
  decide: decideTemplate,
  fromStored: toTemplateEvent,
};
