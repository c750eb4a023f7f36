import { describe, expect, it } from 'vitest';
import type { BlogContent } from '@acpg/contracts/content-documents';
import { metaAt } from '../../../../test/command-meta.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { foldStream } from '../../../platform/commands/handle-command.ts';
import { contentDecider, decideContent, evolveContent, initialContentState, isUnwritten, statusOf, type ContentCommand, type ContentState } from './decider.ts';
import type { ContentEvent } from './events.ts';
import { changeSummary } from './summary.ts';

const KEY = 'blog.first-post' as const;
const AT = '2026-03-04T05:06:07.000Z';
const meta = metaAt(AT, { actor: 'acct-1' });
const post = (heading: string): BlogContent => ({ title: `T ${heading}`, description: 'D', heading, excerpt: 'E', body_html: '<p>x</p>', author: 'A', image_id: null });

const saved = (heading: string, at = '2026-01-01T00:00:00.000Z'): ContentEvent => ({ type: 'ContentDraftSaved', data: { key: KEY, by: 'acct-0', at, body: post(heading), summary: '' } });
const published = (version: number, heading: string, at = '2026-01-02T00:00:00.000Z', first = '2026-01-02T00:00:00.000Z'): ContentEvent => ({
  type: 'ContentPublished',
  data: { key: KEY, by: 'acct-0', at, version, body: post(heading), first_published_at: first },
});
const unpublished = (version: number): ContentEvent => ({ type: 'ContentUnpublished', data: { key: KEY, by: 'acct-0', at: '2026-01-03T00:00:00.000Z', version } });
const restored = (version: number, heading: string): ContentEvent => ({ type: 'ContentVersionRestored', data: { key: KEY, by: 'acct-0', at: '2026-01-04T00:00:00.000Z', version, body: post(heading) } });
const given = (...events: ContentEvent[]): ContentState => events.reduce(evolveContent, initialContentState());

const command = (type: ContentCommand['type'], data: Record<string, unknown>, expected_revision: number): ContentCommand =>
  ({ type, data: { key: KEY, expected_revision, ...data }, metadata: meta }) as ContentCommand;
const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};
const signed = { key: KEY, by: 'acct-1', at: AT };

describe('content decider: SaveContentDraft', () => {
  it('given nothing, records the checked draft, signed, with "First draft"', () => {
    expect(decideContent(command('SaveContentDraft', { body: { ...post('One'), extra: 'dropped' } }, 0), given())).toEqual([
      { type: 'ContentDraftSaved', data: { ...signed, body: post('One'), summary: 'First draft' } },
    ]);
  });

  it('given a draft, a different body is recorded with what changed', () => {
    const [event] = decideContent(command('SaveContentDraft', { body: post('Two') }, 1), given(saved('One')));
    expect(event?.type === 'ContentDraftSaved' && event.data.summary).toBe('Edited title, heading');
  });

  it('given the same draft, saving it again records nothing', () => {
    expect(decideContent(command('SaveContentDraft', { body: post('One') }, 1), given(saved('One')))).toEqual([]);
  });

  it('refuses a body that fails its schema, naming each field under body.', () => {
    const error = refusal(() => decideContent(command('SaveContentDraft', { body: { ...post('One'), heading: '', image_id: 'nope' } }, 0), given()));
    expect(error).toMatchObject({ kind: 'invalid', code: 'VALIDATION_FAILED' });
    expect(error.errors?.map((e) => e.path).sort()).toEqual(['body.heading', 'body.image_id']);
  });

  it('refuses a new post (revision 0 expected) whose slug is taken, saying so', () => {
    expect(refusal(() => decideContent(command('SaveContentDraft', { body: post('Two') }, 0), given(saved('One'))))).toMatchObject({
      code: 'REVISION_CONFLICT',
      message: expect.stringContaining('already exists'),
    });
  });

  it('refuses a stale expected revision with REVISION_CONFLICT', () => {
    expect(refusal(() => decideContent(command('SaveContentDraft', { body: post('Two') }, 3), given(saved('One'))))).toMatchObject({ kind: 'conflict', code: 'REVISION_CONFLICT', message: expect.stringContaining('revision 1') });
  });
});

describe('content decider: PublishContent', () => {
  it('refuses with no draft', () => {
    expect(refusal(() => decideContent(command('PublishContent', {}, 0), given()))).toMatchObject({ kind: 'conflict', code: 'NO_DRAFT' });
  });

  it('given a draft, publishes version 1, first published now', () => {
    expect(decideContent(command('PublishContent', {}, 1), given(saved('One')))).toEqual([
      { type: 'ContentPublished', data: { ...signed, version: 1, body: post('One'), first_published_at: AT } },
    ]);
  });

  it('given a changed draft, publishes the next version and keeps the first publication date', () => {
    const [event] = decideContent(command('PublishContent', {}, 3), given(saved('One'), published(1, 'One'), saved('Two')));
    expect(event).toMatchObject({ type: 'ContentPublished', data: { version: 2, body: post('Two'), first_published_at: '2026-01-02T00:00:00.000Z' } });
  });

  it('given the draft already live, records nothing', () => {
    expect(decideContent(command('PublishContent', {}, 2), given(saved('One'), published(1, 'One')))).toEqual([]);
  });

  it('given an unpublished document, publishes it again as a new version', () => {
    const [event] = decideContent(command('PublishContent', {}, 3), given(saved('One'), published(1, 'One'), unpublished(1)));
    expect(event).toMatchObject({ type: 'ContentPublished', data: { version: 2 } });
  });

  it('refuses a stale expected revision', () => {
    expect(refusal(() => decideContent(command('PublishContent', {}, 5), given(saved('One'))))).toMatchObject({ code: 'REVISION_CONFLICT' });
  });
});

describe('content decider: UnpublishContent', () => {
  it('given a live version, unpublishes it', () => {
    expect(decideContent(command('UnpublishContent', {}, 2), given(saved('One'), published(1, 'One')))).toEqual([{ type: 'ContentUnpublished', data: { ...signed, version: 1 } }]);
  });

  it('refuses when nothing is live (never published, or unpublished already)', () => {
    expect(refusal(() => decideContent(command('UnpublishContent', {}, 1), given(saved('One'))))).toMatchObject({ code: 'NOT_PUBLISHED' });
    expect(refusal(() => decideContent(command('UnpublishContent', {}, 3), given(saved('One'), published(1, 'One'), unpublished(1))))).toMatchObject({ code: 'NOT_PUBLISHED' });
  });
});

describe('content decider: RestoreContentVersion', () => {
  const history = given(saved('One'), published(1, 'One'), saved('Two'), published(2, 'Two'));

  it('copies a published version into the draft', () => {
    expect(decideContent(command('RestoreContentVersion', { version: 1 }, 4), history)).toEqual([{ type: 'ContentVersionRestored', data: { ...signed, version: 1, body: post('One') } }]);
  });

  it('records nothing when the draft already is that version', () => {
    expect(decideContent(command('RestoreContentVersion', { version: 2 }, 4), history)).toEqual([]);
  });

  it('refuses a version never published with VERSION_NOT_FOUND', () => {
    expect(refusal(() => decideContent(command('RestoreContentVersion', { version: 3 }, 4), history))).toMatchObject({ kind: 'not_found', code: 'VERSION_NOT_FOUND' });
  });
});

describe('content decider: evolve and status', () => {
  it('folds each event: draft, versions, live, first publication, revision, who and when', () => {
    expect(given()).toEqual(initialContentState());
    expect(isUnwritten(given())).toBe(true);
    const draft = given(saved('One', '2026-01-01T00:00:00.000Z'));
    expect(draft).toMatchObject({ draft: post('One'), revision: 1, updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: 'acct-0', live: null });
    expect(statusOf(draft)).toBe('draft');
    expect(isUnwritten(draft)).toBe(false);

    const live = given(saved('One'), published(1, 'One'));
    expect(live).toMatchObject({ live: 1, firstPublishedAt: '2026-01-02T00:00:00.000Z', versions: [{ version: 1, body: post('One'), published_at: '2026-01-02T00:00:00.000Z' }], revision: 2 });
    expect(statusOf(live)).toBe('published');

    const changed = evolveContent(live, saved('Two'));
    expect(statusOf(changed)).toBe('changed');

    const down = evolveContent(changed, unpublished(1));
    expect(down).toMatchObject({ live: null, revision: 4 });
    expect(statusOf(down)).toBe('unpublished');

    const back = evolveContent(down, restored(1, 'One'));
    expect(back).toMatchObject({ draft: post('One'), revision: 5, live: null });
    expect(statusOf(back)).toBe('unpublished');
  });

  it('counts events of retired types in the stream (an old store), so the revision is the stream version', () => {
    const state = foldStream(contentDecider, [
      storedEvent({ type: 'FaqItemAdded', stream: 'content-faq', version: 1, data: { item_id: 'x' } }),
      storedEvent({ type: 'ContentDraftSaved', stream: 'content-faq', version: 2, data: { ...saved('One').data, key: 'faq' } }),
      storedEvent({ type: 'ContentDraftSaved', stream: 'content-faq', version: 3, data: { key: 'faq', broken: true } }),
    ]);
    expect(state.revision).toBe(3);
    expect(state.draft).toEqual(post('One'));
  });

  it('given only retired events, the document is unwritten (the seed writes it)', () => {
    const state = foldStream(contentDecider, [storedEvent({ type: 'FaqItemAdded', stream: 'content-faq', data: {} })]);
    expect(isUnwritten(state)).toBe(true);
    expect(state.revision).toBe(1);
  });
});

describe('changeSummary', () => {
  it('says which fields changed and what happened to lists', () => {
    const before = { title: 'a', items: [{ id: 'x', q: 1 }, { id: 'y', q: 2 }, { id: 'z', q: 3 }] };
    expect(changeSummary(before, { title: 'b', items: [{ id: 'y', q: 2 }, { id: 'x', q: 9 }, { id: 'w', q: 0 }] })).toBe('Edited title; items: 1 item added, 1 item removed, 1 item edited, reordered');
    expect(changeSummary(null, { title: 'a' })).toBe('First draft');
    expect(changeSummary({ body_html: 'a' }, { body_html: 'b' })).toBe('Edited body');
  });
});
