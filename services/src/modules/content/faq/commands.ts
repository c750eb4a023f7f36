import type { AddFaqItemBody, UpdateFaqItemBody } from '@acpg/contracts/content';
import type { AppendResult } from '../../../platform/event-store/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { decideFaq, FAQ_STREAM, faqStateFrom, type FaqCommand } from './decider.ts';

/** Who asked, and in answer to what; the admin routes fill it from the request. */
export interface CommandContext {
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
}

/** Loads the FAQ stream, decides, appends; a concurrent change surfaces as ConcurrencyError (HTTP 409). */
const handle = async (
  platform: Platform,
  build: (now: Date) => FaqCommand,
  context: CommandContext,
): Promise<AppendResult | null> => {
  const history = await platform.eventStore.readStream(FAQ_STREAM);
  const now = platform.clock();
  const events = decideFaq(build(now), faqStateFrom(history));
  if (events.length === 0) return null;
  return platform.eventStore.append(
    FAQ_STREAM,
    history.at(-1)?.version ?? 0,
    events.map((event) => ({
      id: platform.newId(),
      type: event.type,
      data: event.data,
      occurredAt: now.toISOString(),
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
    })),
  );
};

/** Adds an item; returns its id. */
export const addFaqItem = async (platform: Platform, item: AddFaqItemBody, context: CommandContext): Promise<string> => {
  const itemId = platform.newId();
  await handle(platform, (now) => ({ type: 'AddFaqItem', data: item, metadata: { now, itemId } }), context);
  return itemId;
};

export const updateFaqItem = (platform: Platform, itemId: string, changes: UpdateFaqItemBody, context: CommandContext) =>
  handle(platform, (now) => ({ type: 'UpdateFaqItem', data: { itemId, ...changes }, metadata: { now } }), context);

export const removeFaqItem = (platform: Platform, itemId: string, context: CommandContext) =>
  handle(platform, (now) => ({ type: 'RemoveFaqItem', data: { itemId }, metadata: { now } }), context);
