import { contentSchemaOf, type ContentKey, type ContentStatus } from '@acpg/contracts/content-documents';
import { DomainError, validationFailed } from '../../../platform/commands/domain-error.ts';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { toContentEvent, type ContentEvent } from './events.ts';
import { changeSummary, sameBody } from './summary.ts';

/** Every command names its document and the revision (stream version) the editor read. */
interface Addressed {
  key: ContentKey;
  expected_revision: number;
}
export type SaveContentDraft = Command<'SaveContentDraft', Addressed & { body: unknown }>;
export type PublishContent = Command<'PublishContent', Addressed>;
export type UnpublishContent = Command<'UnpublishContent', Addressed>;
export type RestoreContentVersion = Command<'RestoreContentVersion', Addressed & { version: number }>;
export type ContentCommand = SaveContentDraft | PublishContent | UnpublishContent | RestoreContentVersion;

export interface PublishedVersion {
  version: number;
  body: unknown;
  published_at: string;
}

export interface ContentState {
  draft: unknown;
  /** Every version ever published, oldest first. */
  versions: PublishedVersion[];
  /** The version visitors see, or null (never published, or unpublished). */
  live: number | null;
  firstPublishedAt: string | null;
  /** The stream's version: events of any type in the stream count (an old store's retired ones too). */
  revision: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** An event of a type content documents do not write (an old store's FAQ events on `content-faq`): counted only. */
type Retired = { type: 'Retired'; data: null };
type Folded = ContentEvent | Retired;

export const initialContentState = (): ContentState => ({ draft: null, versions: [], live: null, firstPublishedAt: null, revision: 0, updatedAt: null, updatedBy: null });

export const liveVersionOf = (state: ContentState): PublishedVersion | null => state.versions.find((v) => v.version === state.live) ?? null;

/** draft: never published; published: the draft is what visitors see; changed: the draft differs; unpublished. */
export const statusOf = (state: ContentState): ContentStatus => {
  const live = liveVersionOf(state);
  if (live) return sameBody(live.body, state.draft) ? 'published' : 'changed';
  return state.versions.length > 0 ? 'unpublished' : 'draft';
};

export const evolveContent = (state: ContentState, event: Folded): ContentState => {
  const revision = state.revision + 1;
  switch (event.type) {
    case 'Retired':
      return { ...state, revision };
    case 'ContentDraftSaved':
      return { ...state, draft: event.data.body, revision, updatedAt: event.data.at, updatedBy: event.data.by };
    case 'ContentPublished': {
      const { version, body, at, by, first_published_at } = event.data;
      return {
        ...state,
        draft: body,
        versions: [...state.versions, { version, body, published_at: at }],
        live: version,
        firstPublishedAt: first_published_at,
        revision,
        updatedAt: at,
        updatedBy: by,
      };
    }
    case 'ContentUnpublished':
      return { ...state, live: null, revision, updatedAt: event.data.at, updatedBy: event.data.by };
    case 'ContentVersionRestored':
      return { ...state, draft: event.data.body, revision, updatedAt: event.data.at, updatedBy: event.data.by };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown content event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const REVISION_CONFLICT = 'REVISION_CONFLICT';
const staleRevision = (current: number) =>
  new DomainError('conflict', REVISION_CONFLICT, `Someone else changed this document since you opened it (it is now at revision ${current}). Reload it to see their changes, then try again.`);

/** The body as its key's schema reads it (unknown fields dropped), or 400 naming each field (`body.hero.heading`). */
export const checkedBody = (key: ContentKey, body: unknown): unknown => {
  const parsed = contentSchemaOf(key).safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message }));
  throw validationFailed(errors.length === 1 ? (errors[0]?.message ?? 'The document is not valid.') : 'The document is not valid: correct the fields named.', errors);
};

export const decideContent = (command: ContentCommand, state: ContentState): ContentEvent[] => {
  const { key, expected_revision } = command.data;
  if (expected_revision !== state.revision) {
    // A new blog post (revision 0 expected) whose address is taken: say so, with the same code.
    if (expected_revision === 0 && command.type === 'SaveContentDraft' && key.startsWith('blog.')) {
      throw new DomainError('conflict', REVISION_CONFLICT, 'A blog post with this address already exists. Choose another slug, or open that post to edit it.');
    }
    throw staleRevision(state.revision);
  }
  const signed = { key, by: command.metadata.actor ?? 'anonymous', at: command.metadata.now.toISOString() };
  switch (command.type) {
    case 'SaveContentDraft': {
      const body = checkedBody(key, command.data.body);
      // The same draft again (a retried request, a double click) changes nothing.
      if (state.draft !== null && sameBody(state.draft, body)) return [];
      return [{ type: 'ContentDraftSaved', data: { ...signed, body, summary: changeSummary(state.draft, body) } }];
    }
    case 'PublishContent': {
      if (state.draft === null) throw new DomainError('conflict', 'NO_DRAFT', 'There is no draft to publish yet. Save a draft first.');
      const live = liveVersionOf(state);
      if (live && sameBody(live.body, state.draft)) return [];
      const version = (state.versions.at(-1)?.version ?? 0) + 1;
      return [{ type: 'ContentPublished', data: { ...signed, version, body: state.draft, first_published_at: state.firstPublishedAt ?? signed.at } }];
    }
    case 'UnpublishContent': {
      if (state.live === null) throw new DomainError('conflict', 'NOT_PUBLISHED', 'This document is not published, so there is nothing to unpublish.');
      return [{ type: 'ContentUnpublished', data: { ...signed, version: state.live } }];
    }
    case 'RestoreContentVersion': {
      const { version } = command.data;
      const restored = state.versions.find((v) => v.version === version);
      if (!restored) throw new DomainError('not_found', 'VERSION_NOT_FOUND', `This document has no published version ${version}. Choose a version from its history.`);
      if (state.draft !== null && sameBody(state.draft, restored.body)) return [];
      return [{ type: 'ContentVersionRestored', data: { ...signed, version, body: restored.body } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown content command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** Content events as they are; any other type in the stream counted as retired, so `revision` is the stream's version. */
export const fromStoredContent = (stored: StoredEvent): Folded => toContentEvent(stored) ?? { type: 'Retired', data: null };

export const contentDecider: Decider<ContentCommand, Folded, ContentState> = {
  initialState: initialContentState,
  evolve: evolveContent,
  decide: decideContent,
  fromStored: fromStoredContent,
};

/** Whether the stream holds no content document yet (maybe an old store's retired events): the seed writes then. */
export const isUnwritten = (state: ContentState): boolean => state.draft === null && state.versions.length === 0;
