import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentChange, ManagedContent, PublishedContent } from '@acpg/contracts/content-documents';
import { ROLES } from '@acpg/contracts/role-names';
import { may } from '@acpg/contracts/role-permissions';
import { registerAccount } from '../../../test/accounts.ts';
import { eventEnvelope } from '../../platform/commands/envelope.ts';
import { useTestApp } from '../../../test/harness.ts';
import { socketClients } from '../../../test/sockets.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { contentStream } from './document/events.ts';
import { seedContentDocuments } from './seed/seed.ts';
import { SEED_DOCUMENTS } from './seed/documents.ts';

const t = useTestApp();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let admin: Record<string, string>;
const ADMIN_ID = `content-admin-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await registerAccount(t, ADMIN_ID, { email: `${ADMIN_ID}@example.test`, full_name: 'Casey Editor', roles: ['Super Admin'] });
  admin = bearer(await t.signInAs('Super Admin', ADMIN_ID));
});

const publicRead = (key: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/v1/cms/content/${key}`, headers });
const managed = async (key: string): Promise<ManagedContent> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/cms/admin/content/${key}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ManagedContent;
};
const save = (key: string, body: unknown, expected_revision: number, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/cms/admin/content/${key}/draft`, headers, payload: { body, expected_revision } });
const act = (key: string, verb: 'publish' | 'unpublish' | 'restore', payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/cms/admin/content/${key}/${verb}`, headers, payload });
const streamLength = async (key: string) => (await t.platform.eventStore.readStream(contentStream(key as never))).length;
/** The public answer once the read model shows `version` (or 404 when `version` is null). */
const publicOnce = async (key: string, version: number | null) =>
  waitFor(
    async () => {
      const res = await publicRead(key);
      if (version === null) return res.statusCode === 404 ? res : undefined;
      return res.statusCode === 200 && (res.json().data as PublishedContent).version === version ? res : undefined;
    },
    { what: `public ${key} at version ${String(version)}` },
  );

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `A post ${slug}`,
  description: 'A post for the tests',
  heading: `Heading of ${slug}`,
  excerpt: 'What this post is about',
  body_html: '<p>Hello</p>',
  author: 'ACPG Team',
  image_id: null,
  ...extra,
});

describe('content documents: seed', () => {
  it('publishes every fixed document and the first posts once; seeding again adds nothing', async () => {
    for (const { key } of SEED_DOCUMENTS) {
      const res = await publicOnce(key, 1);
      expect(res.headers.etag).toMatch(/^"/);
      expect(res.headers['cache-control']).toBe('public, no-cache');
    }
    const before = await Promise.all(SEED_DOCUMENTS.map(({ key }) => streamLength(key)));
    await seedContentDocuments(t.platform);
    expect(await Promise.all(SEED_DOCUMENTS.map(({ key }) => streamLength(key)))).toEqual(before);
    const blogs = await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs?page=1&page_size=10' });
    expect(blogs.json().data.items.length).toBeGreaterThanOrEqual(2);
  });

  it('publishes over an old store: a stream holding only retired events (the old FAQ aggregate) counts them as revisions', async () => {
    const key = `blog.legacy-${randomUUID().slice(0, 8)}` as const;
    const meta = { now: new Date(), actor: 'seed', correlationId: 'old-store' };
    await t.platform.eventStore.append(contentStream(key), 0, [eventEnvelope(randomUUID(), 'FaqItemAdded', { item_id: 'x', question: 'Old?', answer: 'Yes', position: 1 }, meta)]);
    await seedContentDocuments(t.platform, [{ key, body: post('legacy') }]);
    const live = (await publicOnce(key, 1)).json().data as PublishedContent;
    expect(live.body).toMatchObject({ heading: 'Heading of legacy' });
    expect(await managed(key)).toMatchObject({ status: 'published', revision: 3 });
    const events = await t.platform.eventStore.readStream(contentStream(key));
    expect(events.map((e) => e.type)).toEqual(['FaqItemAdded', 'ContentDraftSaved', 'ContentPublished']);
  });

  it('answers 304 to a client that holds the current version', async () => {
    const first = await publicOnce('home', 1);
    const again = await publicRead('home', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('content documents: draft, publish, unpublish, restore', () => {
  const key = `blog.post-${randomUUID().slice(0, 8)}`;

  it('creates a post as a draft at revision 0; the public read stays 404 until it is published', async () => {
    expect(await managed(key)).toMatchObject({ key, status: 'draft', draft: null, revision: 0, published: null });
    const res = await save(key, post('one'), 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ key, status: 'draft', revision: 1, removed: [], updated_by: 'Casey Editor' });
    expect((await publicRead(key)).statusCode).toBe(404);
  });

  it('saving the same draft again adds no event', async () => {
    const before = await streamLength(key);
    const res = await save(key, post('one'), 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(await streamLength(key)).toBe(before);
  });

  it('publishes: the public read shows version 1, the blog list has it, the editor sees published', async () => {
    const res = await act(key, 'publish', { expected_revision: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'published', revision: 2, published: { version: 1 } });
    const published = (await publicOnce(key, 1)).json().data as PublishedContent;
    expect(published.body).toMatchObject({ heading: 'Heading of one' });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs' });
    expect(list.json().data.items[0]).toMatchObject({ slug: key.slice(5), heading: 'Heading of one' });
  });

  it('a changed draft is "changed" and leaves the public version alone until published', async () => {
    const res = await save(key, post('two'), 2);
    expect(res.json().data).toMatchObject({ status: 'changed', revision: 3 });
    expect(((await publicRead(key)).json().data as PublishedContent).version).toBe(1);
    expect((await act(key, 'publish', { expected_revision: 3 })).json().data).toMatchObject({ status: 'published', published: { version: 2 } });
    await publicOnce(key, 2);
  });

  it('refuses a stale revision with 409 REVISION_CONFLICT and changes nothing', async () => {
    const before = await streamLength(key);
    for (const res of [await save(key, post('three'), 2), await act(key, 'publish', { expected_revision: 1 }), await act(key, 'restore', { expected_revision: 0, version: 1 })]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'REVISION_CONFLICT' });
    }
    expect(await streamLength(key)).toBe(before);
  });

  it('unpublishes: the public read answers 404 and the blog list leaves it out', async () => {
    const res = await act(key, 'unpublish', { expected_revision: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'unpublished', published: null });
    await publicOnce(key, null);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs?page_size=100' });
    expect(list.json().data.items.map((i: { slug: string }) => i.slug)).not.toContain(key.slice(5));
    expect((await act(key, 'unpublish', { expected_revision: 5 })).json()).toMatchObject({ code: 'NOT_PUBLISHED' });
  });

  it('restores version 1 into the draft; publishing it makes version 3 with its body', async () => {
    const res = await act(key, 'restore', { expected_revision: 5, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ revision: 6, draft: { heading: 'Heading of one' } });
    expect((await act(key, 'restore', { expected_revision: 6, version: 9 })).json()).toMatchObject({ code: 'VERSION_NOT_FOUND' });
    expect((await act(key, 'publish', { expected_revision: 6 })).statusCode).toBe(200);
    const live = (await publicOnce(key, 3)).json().data as PublishedContent;
    expect(live.body).toMatchObject({ heading: 'Heading of one' });
    const v2 = await t.app.inject({ method: 'GET', url: `/api/v1/cms/admin/content/${key}/versions/2`, headers: admin });
    expect(v2.json().data).toMatchObject({ version: 2, body: { heading: 'Heading of two' } });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/cms/admin/content/${key}/versions/7`, headers: admin })).statusCode).toBe(404);
  });

  it('lists the history newest first with who and when', async () => {
    const history = await waitFor(
      async () => {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/cms/admin/content/${key}/history?page_size=3`, headers: admin });
        return res.json().data.total === 7 ? (res.json().data as { items: ContentChange[]; total: number }) : undefined;
      },
      { what: 'seven history lines' },
    );
    expect(history.items.map((i) => i.kind)).toEqual(['published', 'restored', 'unpublished']);
    expect(history.items[0]).toMatchObject({ version: 3, by: { account_id: ADMIN_ID, name: 'Casey Editor' } });
    const admins = await waitFor(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/cms/admin/blogs?page_size=100', headers: admin });
      return (res.json().data.items as { key: string }[]).find((i) => i.key === key);
    }, { what: 'the post in the admin list' });
    expect(admins).toMatchObject({ status: 'published', updated_by: 'Casey Editor' });
  });
});

describe('content documents: refusals change nothing', () => {
  it('sanitizes rich text on save: a pasted script never comes back from the public read', async () => {
    const key = `blog.xss-${randomUUID().slice(0, 8)}`;
    const res = await save(key, post('x', { body_html: '<p>Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>' }), 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.removed.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(res.json().data.draft)).not.toMatch(/<script|onerror|javascript:/i);
    expect((await act(key, 'publish', { expected_revision: 1 })).statusCode).toBe(200);
    const live = await publicOnce(key, 1);
    expect(live.body).not.toMatch(/<script|onerror|javascript:/i);
    expect((live.json().data as PublishedContent<{ body_html: string }>).body.body_html).toBe('<p>Hi<a rel="noopener">x</a></p>');
  });

  it('refuses HTML in a plain text field and a body that fails its schema with 400 naming the fields', async () => {
    const home = await managed('home');
    const before = await streamLength('home');
    const tagged = await save('home', { ...(home.draft as object), title: 'Home <img src=x onerror=alert(1)>' }, home.revision);
    expect(tagged.statusCode).toBe(400);
    expect(tagged.json().errors).toEqual([expect.objectContaining({ path: 'body.title' })]);
    const bad = await save('home', { ...(home.draft as object), hero: { heading: '', cta_label: 'Go', cta_path: 'https://evil.example', image_id: null, subheading: '' } }, home.revision);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.hero.cta_path', 'body.hero.heading']);
    for (const payload of [{}, { body: home.draft }, { body: home.draft, expected_revision: -1 }, { expected_revision: 'x' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/cms/admin/content/home/draft', headers: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const text = await t.app.inject({ method: 'PUT', url: '/api/v1/cms/admin/content/home/draft', headers: { ...admin, 'content-type': 'application/json' }, payload: '{"body": ' });
    expect(text.statusCode).toBe(400);
    expect(await streamLength('home')).toBe(before);
  });

  it('answers an unknown key 404 and a post never saved cannot be published', async () => {
    expect((await publicRead('nope')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cms/admin/content/blog.Bad_Slug', headers: admin })).statusCode).toBe(404);
    const res = await act(`blog.none-${randomUUID().slice(0, 8)}`, 'publish', { expected_revision: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_DRAFT' });
  });

  it('lets only roles with content.manage in: others 403, anonymous 401', async () => {
    const key = `blog.roles-${randomUUID().slice(0, 8)}`;
    for (const role of ROLES) {
      const headers = bearer(await t.signInAs(role, `content-role-${role.replaceAll(' ', '-')}`));
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/cms/admin/content/home', headers });
      expect(res.statusCode, role).toBe(may([role], 'content.manage') ? 200 : 403);
      if (!may([role], 'content.manage')) expect((await save(key, post('r'), 0, headers)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cms/admin/content/home' })).statusCode).toBe(401);
    expect((await save(key, post('r'), 0, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/cms/images' })).statusCode).toBe(401);
    expect(await streamLength(key)).toBe(0);
  });
});

describe('content documents: live', () => {
  const sockets = socketClients(() => t);

  it('pushes content.changed { key, status, revision } to Super Admins and Admins on each change, never to other roles', async () => {
    const adminSocket = await sockets.openAs('Admin', 'content-live-admin');
    const customerSocket = await sockets.openAs('Customer', 'content-live-customer');
    const toAdmin: unknown[] = [];
    const toCustomer: unknown[] = [];
    adminSocket.on('content.changed', (payload: unknown) => toAdmin.push(payload));
    customerSocket.on('content.changed', (payload: unknown) => toCustomer.push(payload));
    const key = `blog.live-${randomUUID().slice(0, 8)}`;
    expect((await save(key, post('live'), 0)).statusCode).toBe(200);
    expect((await act(key, 'publish', { expected_revision: 1 })).statusCode).toBe(200);
    await waitFor(() => toAdmin.filter((p) => (p as { key: string }).key === key).length === 2, { what: 'two pushes to the admin' });
    expect(toAdmin.filter((p) => (p as { key: string }).key === key)).toEqual([
      { key, status: 'draft', revision: 1 },
      { key, status: 'published', revision: 2 },
    ]);
    await sockets.roundTrip(customerSocket);
    expect(toCustomer).toEqual([]);
  });
});
