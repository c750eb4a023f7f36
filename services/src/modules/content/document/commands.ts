import type { ContentKey, ManagedContent } from '@acpg/contracts/content-documents';
import { DomainError, validationFailed, VersionConflict } from '../../../platform/commands/domain-error.ts';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { cleanBody } from '../sanitize/body.ts';
import { checkedBody, contentDecider, REVISION_CONFLICT, type ContentCommand } from './decider.ts';
import { contentStream } from './events.ts';
import { managedOf } from './view.ts';

type CommandOf<T extends ContentCommand['type']> = Omit<Extract<ContentCommand, { type: T }>, 'metadata'>;
type AnyCommand = { [T in ContentCommand['type']]: CommandOf<T> }[ContentCommand['type']];

/** Runs one command on `content-<key>`; a write race lost to another editor is the same 409 as a stale revision. */
export const runContentCommand = async (platform: Platform, command: AnyCommand, metadata: CommandMeta): Promise<ManagedContent> => {
  try {
    const { state } = await handleCommand(platform.eventStore, contentStream(command.data.key), contentDecider, { ...command, metadata } as ContentCommand);
    return await managedOf(platform, command.data.key, state);
  } catch (error) {
    if (error instanceof VersionConflict) {
      throw new DomainError('conflict', REVISION_CONFLICT, 'Someone else changed this document at the same time. Reload it to see their changes, then try again.');
    }
    throw error;
  }
};

/**
 * Saves a draft: the body is read by its key's schema, every `*_html` field sanitized (what went is answered as
 * `removed`), plain text fields refused when they hold markup; nothing is stored when anything is refused.
 */
export const saveContentDraft = async (
  platform: Platform,
  input: { key: ContentKey; body: unknown; expected_revision: number },
  metadata: CommandMeta,
): Promise<ManagedContent & { removed: string[] }> => {
  const cleaned = cleanBody(checkedBody(input.key, input.body));
  if (cleaned.errors.length > 0) throw validationFailed(cleaned.errors[0]?.message ?? 'Remove the HTML tags.', cleaned.errors);
  const saved = await runContentCommand(platform, { type: 'SaveContentDraft', data: { ...input, body: cleaned.body } }, metadata);
  return { ...saved, removed: cleaned.removed };
};
