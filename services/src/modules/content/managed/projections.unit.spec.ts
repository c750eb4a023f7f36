import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../../../test/stored-event.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import type { Realtime } from '../../../platform/realtime/port.ts';
import { historyProjection } from '../history/projection.ts';
import { publishedProjection, toPublicBlogItem, toPublishedContent, versionsProjection } from '../published/projection.ts';
import { managedProjection } from './projection.ts';

const KEY = 'blog.a-post';
const body = (heading: string) => ({ title: 'T', description: 'D', heading, excerpt: 'E', body_html: '<p>x</p>', author: 'Ann', image_id: null });
let position = 0;
const at = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
const event = (type: string, version: number, data: Record<string, unknown>, key = KEY): StoredEvent =>
  storedEvent({ type, stream: `content-${key}`, version, position: ++position, data: { key, by: 'acct-1', at: at(version), ...data } });
const saved = (v: number, heading: string, key = KEY) => event('ContentDraftSaved', v, { body: body(heading), summary: 'Edited heading' }, key);
const published = (v: number, version: number, heading: string) => event('ContentPublished', v, { version, body: body(heading), first_published_at: at(2) });
const unpublished = (v: number, version: number) => event('ContentUnpublished', v, { version });
const restored = (v: number, version: number, heading: string) => event('ContentVersionRestored', v, { version, body: body(heading) });

type P = typeof managedProjection;
const fold = (projection: P, events: StoredEvent[]) => {
  const docs = new Map<string, Doc>();
  for (const e of events.filter((x) => projection.handles.includes(x.type))) {
    const id = projection.documentId(e);
    if (id === null) continue;
    const next = projection.evolve(docs.get(id) ?? null, e);
    if (next) docs.set(id, { ...next, _version: e.version });
    else docs.delete(id);
  }
  return docs;
};

describe('content read models', () => {
  const story = [saved(1, 'One'), published(2, 1, 'One'), saved(3, 'Two'), unpublished(4, 1), restored(5, 1, 'One'), published(6, 2, 'One')];

  it('published: the live version per key while published, gone once unpublished; blog fields for the list', () => {
    expect(fold(publishedProjection, story.slice(0, 3)).get(KEY)).toMatchObject({ version: 1, kind: 'blog', slug: 'a-post', heading: 'One', author: 'Ann' });
    expect(fold(publishedProjection, story.slice(0, 4)).get(KEY)).toBeUndefined();
    const doc = fold(publishedProjection, story).get(KEY)!;
    expect(toPublishedContent(doc)).toEqual({ key: KEY, version: 2, body: body('One'), published_at: at(6), first_published_at: at(2) });
    expect(toPublicBlogItem(doc)).toEqual({ slug: 'a-post', heading: 'One', excerpt: 'E', author: 'Ann', image_id: null, first_published_at: at(2), published_at: at(6) });
    const page = fold(publishedProjection, [event('ContentPublished', 1, { version: 1, body: { company_name: 'ACPG' }, first_published_at: at(1) }, 'site')]).get('site');
    expect(page).toMatchObject({ kind: 'page', key: 'site' });
    expect(page).not.toHaveProperty('slug');
  });

  it('versions: every published version kept', () => {
    const docs = fold(versionsProjection, story);
    expect([...docs.keys()]).toEqual([`${KEY}#1`, `${KEY}#2`]);
    expect(docs.get(`${KEY}#1`)).toMatchObject({ key: KEY, version: 1, body: body('One'), published_at: at(2) });
  });

  it('managed: status, draft, published, revision (the stream version) and who changed it last after each event', () => {
    const states = story.map((_, i) => fold(managedProjection, story.slice(0, i + 1)).get(KEY)!);
    expect(states.map((d) => d.status)).toEqual(['draft', 'published', 'changed', 'unpublished', 'unpublished', 'published']);
    expect(states.map((d) => d.revision)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(states[2]).toMatchObject({ heading: 'Two', published: { version: 1 }, updated_by: 'acct-1', updated_at: at(3), slug: 'a-post', kind: 'blog' });
    expect(states[3]).toMatchObject({ published: null, ever_published: true });
    expect(states[4]).toMatchObject({ draft: body('One') });
  });

  it('managed pushes content.changed {key, status, revision} to every role that may manage content', () => {
    const sent: [string, string, unknown][] = [];
    const realtime = { toRole: (role: string, message: string, payload: unknown) => sent.push([role, message, payload]) } as unknown as Realtime;
    const stored = saved(1, 'One');
    const doc = managedProjection.evolve(null, stored);
    void managedProjection.afterApply?.([{ event: stored, doc }], realtime);
    expect(sent).toEqual([
      ['Super Admin', 'content.changed', { key: KEY, status: 'draft', revision: 1 }],
      ['Admin', 'content.changed', { key: KEY, status: 'draft', revision: 1 }],
    ]);
  });

  it('history: one line per change with what, who, when and the version', () => {
    const lines = [...fold(historyProjection, story).values()];
    expect(lines.map((l) => [l.kind, l.version, l.summary])).toEqual([
      ['draft-saved', null, 'Edited heading'],
      ['published', 1, 'Published version 1'],
      ['draft-saved', null, 'Edited heading'],
      ['unpublished', 1, 'Unpublished version 1'],
      ['restored', 1, 'Copied version 1 into the draft'],
      ['published', 2, 'Published version 2'],
    ]);
    expect(lines[0]).toMatchObject({ key: KEY, by: 'acct-1', at: at(1) });
  });

  it('skips other types and streams that are not content documents', () => {
    expect(managedProjection.documentId(storedEvent({ type: 'FaqItemAdded', stream: 'content-faq', data: {} }))).toBeNull();
    expect(managedProjection.documentId(storedEvent({ type: 'ContentDraftSaved', stream: 'other-x', data: saved(1, 'x').data }))).toBeNull();
  });
});
