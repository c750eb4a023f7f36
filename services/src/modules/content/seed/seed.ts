import type { ContentKey } from '@acpg/contracts/content-documents';
import { isDomainError, isVersionConflict } from '../../../platform/commands/domain-error.ts';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { contentDecider, isUnwritten } from '../document/decider.ts';
import { contentStream } from '../document/events.ts';
import { cleanBody } from '../sanitize/body.ts';
import { SEED_DOCUMENTS } from './documents.ts';

/**
 * Publishes every seeded document whose stream holds no content document yet (an old store's retired events do not
 * count): a draft saved and published in one append, by `seed`. Runs at every start; an edited document is left alone,
 * and another process seeding at the same moment wins the race quietly.
 */
export const seedContentDocuments = async (platform: Platform, documents: readonly { key: ContentKey; body: unknown }[] = SEED_DOCUMENTS): Promise<void> => {
  const metadata = systemMeta(platform, { actor: 'seed' });
  for (const { key, body } of documents) {
    const stream = contentStream(key);
    const { state, version } = await loadStream(platform.eventStore, stream, contentDecider);
    if (!isUnwritten(state)) continue;
    const cleaned = cleanBody(body);
    if (cleaned.errors.length > 0 || cleaned.removed.length > 0) throw new Error(`Seeded content ${key} is not clean: ${JSON.stringify([...cleaned.errors, ...cleaned.removed])}`);
    try {
      await handleCommand(platform.eventStore, stream, contentDecider, [
        { type: 'SaveContentDraft', data: { key, body: cleaned.body, expected_revision: version }, metadata },
        { type: 'PublishContent', data: { key, expected_revision: version + 1 }, metadata },
      ]);
    } catch (error) {
      if (isVersionConflict(error) || (isDomainError(error) && error.code === 'REVISION_CONFLICT')) continue;
      throw error;
    }
  }
};
