import {
  AddFaqItemBody,
  StoredFaqItemAddedData,
  StoredFaqItemRemovedData,
  StoredFaqItemUpdatedData,
  UpdateFaqItemBody,
  type FaqItemAddedData,
  type FaqItemRemovedData,
  type FaqItemUpdatedData,
} from '@acpg/contracts/content';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { checkedBy, invalid as invalidRequest, notFound } from '../../../platform/commands/domain-error.ts';

/** The FAQ is one list, so one stream keeps its items and positions consistent. */
export const FAQ_STREAM = 'content-faq';

export type FaqItemAdded = { type: 'FaqItemAdded'; data: FaqItemAddedData };
export type FaqItemUpdated = { type: 'FaqItemUpdated'; data: FaqItemUpdatedData };
export type FaqItemRemoved = { type: 'FaqItemRemoved'; data: FaqItemRemovedData };
export type FaqEvent = FaqItemAdded | FaqItemUpdated | FaqItemRemoved;

/** The caller picks the new item's id (from `metadata.newId()`), so the decider stays pure. */
export type AddFaqItem = Command<'AddFaqItem', AddFaqItemBody & { item_id: string }>;
export type UpdateFaqItem = Command<'UpdateFaqItem', UpdateFaqItemBody & { item_id: string }>;
export type RemoveFaqItem = Command<'RemoveFaqItem', { item_id: string }>;
export type FaqCommand = AddFaqItem | UpdateFaqItem | RemoveFaqItem;

type FaqEntry = { question: string; answer: string; position: number };
/** Live items by id; ids ever used are kept so a removed id is never reused. */
export type FaqState = { items: Readonly<Record<string, FaqEntry>>; usedIds: readonly string[] };
export const initialFaqState = (): FaqState => ({ items: {}, usedIds: [] });

export const evolveFaq = (state: FaqState, event: FaqEvent): FaqState => {
  switch (event.type) {
    case 'FaqItemAdded':
    case 'FaqItemUpdated': {
      const { item_id, question, answer, position } = event.data;
      return {
        items: { ...state.items, [item_id]: { question, answer, position } },
        usedIds: state.usedIds.includes(item_id) ? state.usedIds : [...state.usedIds, item_id],
      };
    }
    case 'FaqItemRemoved': {
      const items = { ...state.items };
      delete items[event.data.item_id];
      return { items, usedIds: state.usedIds };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown FAQ event ${JSON.stringify(unexpected)}`);
    }
  }
};

const nextPosition = (state: FaqState) => Math.max(0, ...Object.values(state.items).map((item) => item.position)) + 1;

export const decideFaq = (command: FaqCommand, state: FaqState): FaqEvent[] => {
  switch (command.type) {
    case 'AddFaqItem': {
      const { item_id, ...body } = command.data;
      const item = checkedBy(AddFaqItemBody, body, 'The FAQ item is not valid.');
      if (!item_id) throw new Error('AddFaqItem needs an item id');
      if (state.usedIds.includes(item_id)) throw invalidRequest('This FAQ item already exists.');
      const { question, answer, position = nextPosition(state) } = item;
      return [{ type: 'FaqItemAdded', data: { item_id, question, answer, position } }];
    }
    case 'UpdateFaqItem': {
      const { item_id, ...changes } = command.data;
      const current = state.items[item_id];
      if (!current) throw notFound('FAQ item not found.');
      const next = { ...current, ...stripUndefined(checkedBy(UpdateFaqItemBody, changes, 'The FAQ change is not valid.')) };
      // Saving the same text again is not a change.
      if (next.question === current.question && next.answer === current.answer && next.position === current.position) return [];
      return [{ type: 'FaqItemUpdated', data: { item_id, ...next } }];
    }
    case 'RemoveFaqItem': {
      if (!state.items[command.data.item_id]) throw notFound('FAQ item not found.');
      return [{ type: 'FaqItemRemoved', data: { item_id: command.data.item_id } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown FAQ command ${JSON.stringify(unexpected)}`);
    }
  }
};

const stripUndefined = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Reads a stored event back as a FAQ event (null for types this aggregate does not know; `itemId` of old events read as `item_id`). */
export const toFaqEvent = (event: StoredEvent): FaqEvent | null => {
  switch (event.type) {
    case 'FaqItemAdded':
      return { type: 'FaqItemAdded', data: StoredFaqItemAddedData.parse(event.data) };
    case 'FaqItemUpdated':
      return { type: 'FaqItemUpdated', data: StoredFaqItemUpdatedData.parse(event.data) };
    case 'FaqItemRemoved':
      return { type: 'FaqItemRemoved', data: StoredFaqItemRemovedData.parse(event.data) };
    default:
      return null;
  }
};

export const faqDecider: Decider<FaqCommand, FaqEvent, FaqState> = {
  initialState: initialFaqState,
  evolve: evolveFaq,
  decide: decideFaq,
  fromStored: toFaqEvent,
};
