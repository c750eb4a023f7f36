import { PageSlug, type PublishPageContentBody } from '@acpg/contracts/content';
import type { AppendResult, ExpectedVersion } from '../../../platform/event-store/port.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { decidePage, pageStateFrom, pageStream } from './decider.ts';

/** Who asked, and in answer to what; the admin routes fill it from the request. */
export interface CommandContext {
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
}

/**
 * Publishes a page's content: loads the stream, decides, appends. A concurrent publication surfaces as
 * ConcurrencyError (HTTP 409). Returns null when the content is already live.
 */
export const publishPageContent = async (
  platform: Platform,
  content: PublishPageContentBody,
  context: CommandContext,
): Promise<AppendResult | null> => {
  const slug = PageSlug.safeParse(content.slug);
  if (!slug.success) throw badRequest(`There is no page called "${String(content.slug)}".`);
  const stream = pageStream(slug.data);
  const history = await platform.eventStore.readStream(stream);
  const now = platform.clock();
  const events = decidePage({ type: 'PublishPageContent', data: content, metadata: { now } }, pageStateFrom(history));
  if (events.length === 0) return null;
  const expectedVersion: ExpectedVersion = history.at(-1)?.version ?? 0;
  return platform.eventStore.append(
    stream,
    expectedVersion,
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
