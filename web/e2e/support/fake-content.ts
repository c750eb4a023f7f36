import type { BrowserContext, Route } from 'playwright-core';

/**
 * The content documents API (`/api/v1/cms/admin/...`, `/cms/images`) answered in the browser from memory, as the
 * contract in `@acpg/contracts/content-documents` describes it: for browser tests of the management screens' own
 * behaviour (a 409, field errors, the sanitizer's removed list) that a real server produces only by chance.
 */
interface Doc {
  key: string;
  status: 'draft' | 'published' | 'changed' | 'unpublished';
  draft: unknown;
  published: { key: string; version: number; body: unknown; published_at: string; first_published_at: string } | null;
  revision: number;
  updated_at: string | null;
  updated_by: string | null;
  versions: unknown[];
  history: { kind: string; at: string; by: { account_id: string; name: string }; version: number | null; summary: string }[];
}

export interface FakeContent {
  docs: Map<string, Doc>;
  /** The next save answers this once (a 400 with field errors, a 409), instead of saving. */
  failNextSave(status: number, body: unknown): void;
  /** The next save reports these as removed by the sanitizer. */
  removeOnNextSave(removed: string[]): void;
  /** Another admin's change: the revision moves on behind the editor's back. */
  bump(key: string, draft?: unknown): void;
  /** The bodies of the saves received, in order. */
  saves: { key: string; body: unknown; expected_revision: number }[];
}

const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
const ok = (route: Route, data: unknown) => json(route, 200, { success: true, data });
/** A 1x1 PNG. */
export const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ADMIN = { account_id: 'acc_admin', name: 'Sam Admin' };

const view = (d: Doc) => ({ key: d.key, status: d.status, draft: d.draft, published: d.published, revision: d.revision, updated_at: d.updated_at, updated_by: d.updated_by });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Routes the content API of every page of `context` to an in-memory store; `seed` documents start saved and published. */
export async function fakeContent(context: BrowserContext, seed: Record<string, unknown> = {}): Promise<FakeContent> {
  const docs = new Map<string, Doc>();
  const now = () => new Date().toISOString();
  for (const [key, body] of Object.entries(seed)) {
    const at = now();
    docs.set(key, {
      key,
      status: 'published',
      draft: body,
      published: { key, version: 1, body, published_at: at, first_published_at: at },
      revision: 2,
      updated_at: at,
      updated_by: ADMIN.name,
      versions: [body],
      history: [
        { kind: 'published', at, by: ADMIN, version: 1, summary: '' },
        { kind: 'draft-saved', at, by: ADMIN, version: null, summary: 'Seeded' },
      ],
    });
  }
  const docOf = (key: string): Doc =>
    docs.get(key) ?? { key, status: 'draft', draft: null, published: null, revision: 0, updated_at: null, updated_by: null, versions: [], history: [] };
  let nextSaveFailure: { status: number; body: unknown } | null = null;
  let nextRemoved: string[] = [];
  const fake: FakeContent = {
    docs,
    saves: [],
    failNextSave: (status, body) => void (nextSaveFailure = { status, body }),
    removeOnNextSave: (removed) => void (nextRemoved = removed),
    bump: (key, draft) => {
      const d = docOf(key);
      docs.set(key, { ...d, revision: d.revision + 1, draft: draft ?? d.draft, status: d.published ? 'changed' : 'draft', updated_at: now(), updated_by: 'Alex Other' });
    },
  };
  const change = (d: Doc, kind: string, version: number | null) => d.history.unshift({ kind, at: now(), by: ADMIN, version, summary: '' });

  let images = 0;
  await context.route('**/api/v1/cms/images**', async (route) => {
    if (route.request().method() === 'POST') {
      images += 1;
      return ok(route, { image_id: `img_fakeimage${String(images).padStart(4, '0')}`, width: 290, height: 60, widths: [16, 32, 48, 64, 96, 128, 256], alt_hint: '' });
    }
    // An image whose id says `narrow` is stored only up to 64 px wide (its original is narrower than 128).
    const width = Number(/\/(\d+)\.webp$/.exec(route.request().url())?.[1]);
    if (route.request().url().includes('narrow') && width > 64) return json(route, 404, { success: false, message: 'No such image width' });
    return route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(PIXEL, 'base64') });
  });
  await context.route('**/api/v1/cms/admin/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const rest = url.pathname.replace('/api/v1/cms/admin/', '');
    if (rest === 'blogs') {
      const rows = [...docs.values()]
        .filter((d) => d.key.startsWith('blog.'))
        .map((d) => ({ key: d.key, slug: d.key.slice(5), heading: (d.draft as { heading?: string } | null)?.heading ?? '', status: d.status, updated_at: d.updated_at, updated_by: d.updated_by }));
      return ok(route, { items: rows, total: rows.length, page: 1, page_size: 20 });
    }
    const match = /^content\/([^/]+)(?:\/(draft|publish|unpublish|restore|history|versions)(?:\/(\d+))?)?$/.exec(rest);
    if (!match) return json(route, 404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
    const key = decodeURIComponent(match[1]!);
    const action = match[2];
    const d = docOf(key);
    const body = request.postDataJSON() as { body?: unknown; expected_revision?: number; version?: number } | null;
    if (!action) return ok(route, view(d));
    if (action === 'history') return ok(route, { items: d.history, total: d.history.length, page: 1, page_size: 10 });
    if (action === 'versions') {
      const version = Number(match[3]);
      const v = d.versions[version - 1];
      return v === undefined ? json(route, 404, { success: false, message: 'No such version' }) : ok(route, { key, version, body: v, published_at: now(), first_published_at: now() });
    }
    if (action === 'draft' && nextSaveFailure) {
      const failure = nextSaveFailure;
      nextSaveFailure = null;
      return json(route, failure.status, failure.body);
    }
    if (body?.expected_revision !== d.revision) return json(route, 409, { success: false, code: 'REVISION_CONFLICT', message: 'The document changed since you read it' });
    const next: Doc = { ...d, revision: d.revision + 1, updated_at: now(), updated_by: ADMIN.name };
    let removed: string[] = [];
    if (action === 'draft') {
      fake.saves.push({ key, body: body.body, expected_revision: body.expected_revision });
      next.draft = body.body;
      next.status = d.published ? (same(body.body, d.published.body) ? 'published' : 'changed') : d.status === 'unpublished' ? 'unpublished' : 'draft';
      removed = nextRemoved;
      nextRemoved = [];
      change(next, 'draft-saved', null);
    } else if (action === 'publish') {
      next.versions = [...d.versions, d.draft];
      const at = now();
      next.published = { key, version: next.versions.length, body: d.draft, published_at: at, first_published_at: d.published?.first_published_at ?? at };
      next.status = 'published';
      change(next, 'published', next.versions.length);
    } else if (action === 'unpublish') {
      next.published = null;
      next.status = 'unpublished';
      change(next, 'unpublished', null);
    } else if (action === 'restore') {
      next.draft = d.versions[(body.version ?? 1) - 1];
      next.status = d.published && same(next.draft, d.published.body) ? 'published' : d.published ? 'changed' : d.status;
      change(next, 'restored', body.version ?? null);
    }
    docs.set(key, next);
    return ok(route, action === 'draft' ? { ...view(next), removed } : view(next));
  });
  return fake;
}
