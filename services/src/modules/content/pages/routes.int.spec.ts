import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { systemMeta, type CommandMeta, type MetaSource } from '../../../platform/commands/metadata.ts';
import { PAGE_SLUGS, PageContent } from '@acpg/contracts/content';
import { useBareRoutes } from '../../../../test/bare-routes.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { seedContent } from '../seed-content.ts';
import { publishPageContent } from './commands.ts';
import { pageContentProjection } from './projection.ts';
import { pageRoutes } from './routes.ts';

/** An admin's command, with the platform's clock and ids (some suites step the clock). */
const admin = (platform: MetaSource): CommandMeta => ({ ...systemMeta(platform, { actor: 'admin-1' }), correlationId: uuidv7() });

describe('GET /api/v1/cms/pages/:slug', () => {
  const t = useTestApp();
  const get = (slug: string) => t.app.inject({ method: 'GET', url: `/api/v1/cms/pages/${slug}` });

  it('serves every seeded page with 3 to 6 sections', async () => {
    for (const slug of PAGE_SLUGS) {
      await waitFor(async () => (await get(slug)).statusCode === 200, { what: `the seeded ${slug} page to be projected` });
      const response = await get(slug);
      expect(response.statusCode, slug).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      const page = PageContent.parse(body.data);
      expect(page.slug).toBe(slug);
      expect(page.sections.length).toBeGreaterThanOrEqual(3);
      expect(page.sections.length).toBeLessThanOrEqual(6);
      expect(Object.keys(body.data).sort()).toEqual(['intro', 'sections', 'slug', 'title', 'updated_at']);
    }
  });

  it('rejects a slug that is not a public page with 400', async () => {
    const response = await get('careers');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('seeds once: a second seed adds no event and keeps an admin edit', async () => {
    await seedContent(t.platform);
    const seeded = await t.platform.eventStore.headPosition();
    await publishPageContent(
      t.platform,
      { slug: 'home', title: 'Welcome home', intro: 'Edited by an admin.', sections: [{ heading: 'Plans', body: 'Monthly or yearly.' }] },
      admin(t.platform),
    );
    await seedContent(t.platform);
    expect(await t.platform.eventStore.headPosition()).toBe(seeded + 1);
    await waitFor(async () => (await get('home')).json().data?.title === 'Welcome home', { what: 'the admin edit to be projected' });
    const response = await get('home');
    expect(response.json().data).toMatchObject({ title: 'Welcome home', intro: 'Edited by an admin.' });
  });

  it('records the seed as the actor on the page stream', async () => {
    const [event] = await t.platform.eventStore.readStream('content-page-about-us');
    expect(event).toMatchObject({ type: 'PageContentPublished', actor: 'seed', version: 1 });
  });
});

describe('GET /api/v1/cms/pages/:slug on an empty store with a stepping clock', () => {
  const bare = useBareRoutes(pageRoutes, pageContentProjection);

  it('answers 404 in the error envelope before any content is published', async () => {
    const response = await bare().app.inject({ method: 'GET', url: '/api/v1/cms/pages/home' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Page not found.', code: 'NOT_FOUND' });
  });

  it('dates the page by its latest publication', async () => {
    const { app, platform, project } = bare();
    await publishPageContent(platform, { slug: 'services', title: 'Services', intro: '', sections: [] }, admin(platform));
    const [first] = await platform.eventStore.readStream('content-page-services');
    await publishPageContent(platform, { slug: 'services', title: 'Our services', intro: '', sections: [] }, admin(platform));
    await project();
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/pages/services' });
    const data = response.json().data;
    expect(data.title).toBe('Our services');
    expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(first!.occurredAt));
  });
});
