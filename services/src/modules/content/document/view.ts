import type { ContentKey, ManagedContent, PublishedContent } from '@acpg/contracts/content-documents';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import type { Platform } from '../../../platform/module.ts';
import { liveVersionOf, statusOf, type ContentState } from './decider.ts';

/** Who made a change, as admins read it: the account's name from this module's copy of account contacts. */
export const nameOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, by: string): Promise<string> => {
  if (by === 'seed') return 'Initial content';
  const contact = await accountContactOf(platform, 'content', by);
  return contact?.full_name ?? 'Unknown account';
};

export const publishedOf = (key: string, state: ContentState): PublishedContent | null => {
  const live = liveVersionOf(state);
  if (!live) return null;
  return { key, version: live.version, body: live.body, published_at: live.published_at, first_published_at: state.firstPublishedAt ?? live.published_at };
};

/** The document as an editor sees it, straight from the folded stream (a command's answer). */
export const managedOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, key: ContentKey, state: ContentState): Promise<ManagedContent> => ({
  key,
  status: statusOf(state),
  draft: state.draft,
  published: publishedOf(key, state),
  revision: state.revision,
  updated_at: state.updatedAt,
  updated_by: state.updatedBy === null ? null : await nameOf(platform, state.updatedBy),
});
