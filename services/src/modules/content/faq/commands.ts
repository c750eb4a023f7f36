import type { AddFaqItemBody, UpdateFaqItemBody } from '@acpg/contracts/content';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { FAQ_STREAM, faqDecider, type FaqCommand } from './decider.ts';

const handle = (platform: Platform, command: FaqCommand) => handleCommand(platform.eventStore, FAQ_STREAM, faqDecider, command);

/** Adds an item; returns its id. */
export const addFaqItem = async (platform: Platform, item: AddFaqItemBody, meta: CommandMeta): Promise<string> => {
  const itemId = meta.newId();
  await handle(platform, { type: 'AddFaqItem', data: { ...item, item_id: itemId }, metadata: meta });
  return itemId;
};

export const updateFaqItem = (platform: Platform, itemId: string, changes: UpdateFaqItemBody, meta: CommandMeta) =>
  handle(platform, { type: 'UpdateFaqItem', data: { ...changes, item_id: itemId }, metadata: meta });

export const removeFaqItem = (platform: Platform, itemId: string, meta: CommandMeta) =>
  handle(platform, { type: 'RemoveFaqItem', data: { item_id: itemId }, metadata: meta });
