import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { systemMeta, type CommandMeta, type MetaSource } from '../../../platform/commands/metadata.ts';
import type { FastifyInstance } from 'fastify';
import { FaqItem } from '@acpg/contracts/content';
import { useBareRoutes } from '../../../../test/bare-routes.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { seedContent } from '../seed-content.ts';
import { addFaqItem, removeFaqItem, updateFaqItem } from './commands.ts';
import { faqProjection } from './projection.ts';
import { faqRoutes } from './routes.ts';

/** An admin's command, with the platform's clock and ids (some suites step the clock). */
const admin = (platform: MetaSource): CommandMeta => ({ ...systemMeta(platform, { actor: 'admin-1' }), correlationId: uuidv7() });
const list = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/v1/cms/faq' });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  return (body.data.items as unknown[]).map((item) => FaqItem.parse(item));
};

describe('GET /api/v1/cms/faq', () => {
  const t = useTestApp();

  it('serves the seeded questions in position order, once however often the seed runs', async () => {
    await seedContent(t.platform);
    await seedContent(t.platform);
    const stream = await t.platform.eventStore.readStream('content-faq');
    await waitFor(async () => (await list(t.app)).length === stream.length, { what: 'the seeded FAQ to be projected' });
    const items = await list(t.app);
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    expect(new Set(items.map((item) => item.question)).size).toBe(items.length);
    expect((await t.platform.eventStore.readStream('content-faq')).every((event) => event.actor === 'seed')).toBe(true);
  });

  it('answers 404 for a change to an item that does not exist', async () => {
    await expect(removeFaqItem(t.platform, 'no-such-item', admin(t.platform))).rejects.toMatchObject({ kind: 'not_found', message: 'FAQ item not found.' });
  });
});

describe('GET /api/v1/cms/faq on an empty store', () => {
  const bare = useBareRoutes(faqRoutes, faqProjection);

  it('answers an empty list before anything is published', async () => {
    expect(await list(bare().app)).toEqual([]);
  });

  it('reflects adds, moves, edits and removals through the command handlers', async () => {
    const { app, platform, project } = bare();
    const first = await addFaqItem(platform, { question: 'What is an NHD report?', answer: 'A disclosure report.' }, admin(platform));
    const second = await addFaqItem(platform, { question: 'How do I file a claim?', answer: 'From your account.' }, admin(platform));
    const third = await addFaqItem(platform, { question: 'Can I cancel my plan?', answer: 'Yes.' }, admin(platform));
    await expect(updateFaqItem(platform, third, { position: 0.5 }, admin(platform))).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The FAQ change is not valid.',
    });
    await updateFaqItem(platform, second, { position: 4, answer: 'Go to Property Reimbursement.' }, admin(platform));
    await removeFaqItem(platform, first, admin(platform));
    await project();
    expect(await list(app)).toEqual([
      { id: third, question: 'Can I cancel my plan?', answer: 'Yes.', position: 3 },
      { id: second, question: 'How do I file a claim?', answer: 'Go to Property Reimbursement.', position: 4 },
    ]);
  });
});
