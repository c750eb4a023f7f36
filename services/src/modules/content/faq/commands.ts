import type { AddFaqItemBody, UpdateFaqItemBody } from '@acpg/contracts/content';
import type { CommandOrigin } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { handleContentCommand } from '../content-command.ts';
import { FAQ_STREAM, faqDecider, type FaqCommand } from './decider.ts';

const handle = (platform: Platform, command: (now: Date) => FaqCommand, origin: CommandOrigin) =>
  handleContentCommand(platform, FAQ_STREAM, faqDecider, command, origin);

/** Adds an item; returns its id. */
export const addFaqItem = async (platform: Platform, item: AddFaqItemBody, origin: CommandOrigin): Promise<string> => {
  const itemId = platform.newId();
  await handle(platform, (now) => ({ type: 'AddFaqItem', data: item, metadata: { now, itemId } }), origin);
  return itemId;
};

export const updateFaqItem = (platform: Platform, itemId: string, changes: UpdateFaqItemBody, origin: CommandOrigin) =>
  handle(platform, (now) => ({ type: 'UpdateFaqItem', data: { itemId, ...changes }, metadata: { now } }), origin);

export const removeFaqItem = (platform: Platform, itemId: string, origin: CommandOrigin) =>
  handle(platform, (now) => ({ type: 'RemoveFaqItem', data: { itemId }, metadata: { now } }), origin);
