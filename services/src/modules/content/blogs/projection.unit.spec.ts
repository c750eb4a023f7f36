import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { blogPostProjection, toBlogPost, toBlogSummary } from './projection.ts';
import { storedEvent } from '../../../../test/stored-event.ts';

const stored = (version: number, position: number, occurredAt: string, data: unknown): StoredEvent =>
  storedEvent({ type: 'BlogPostPublished', stream: 'content-blog-deed-theft', version, position, occurredAt, actor: 'seed', data });
const post = {
  slug: 'deed-theft',
  title: 'Deed theft',
  excerpt: 'What to watch for.',
  body: 'Body.',
  author: 'ACPG Team',
  published_at: '2025-03-01T10:00:00.000Z',
};

describe('blog post projection', () => {
  it('files the post under its slug with its publication date and position', () => {
    const event = stored(1, 42, '2025-03-01T10:00:00.000Z', post);
    expect(blogPostProjection.documentId(event)).toBe('deed-theft');
    const doc = blogPostProjection.evolve(null, event)!;
    expect(doc).toEqual({ _id: 'deed-theft', ...post, first_position: 42, updated_at: '2025-03-01T10:00:00.000Z' });
    expect(toBlogSummary(doc)).toEqual({ slug: 'deed-theft', title: 'Deed theft', excerpt: 'What to watch for.', author: 'ACPG Team', published_at: '2025-03-01T10:00:00.000Z' });
    expect(toBlogPost(doc).body).toBe('Body.');
  });

  it('applies a revision but keeps the first position', () => {
    const first = blogPostProjection.evolve(null, stored(1, 42, '2025-03-01T10:00:00.000Z', post));
    const revised = blogPostProjection.evolve(first, stored(2, 97, '2025-04-01T08:00:00.000Z', { ...post, title: 'Deed theft, revised' }));
    expect(revised).toMatchObject({ title: 'Deed theft, revised', published_at: '2025-03-01T10:00:00.000Z', first_position: 42, updated_at: '2025-04-01T08:00:00.000Z' });
  });

  it('leaves the document alone for an event it does not handle', () => {
    const doc = { _id: 'deed-theft' };
    expect(blogPostProjection.evolve(doc, { ...stored(2, 50, '2025-03-01T10:00:00.000Z', {}), type: 'FaqItemAdded' })).toBe(doc);
  });

  it('reads a post stored before snake_case (publishedAt) with its publication date', () => {
    const { published_at, ...rest } = post;
    const doc = blogPostProjection.evolve(null, stored(1, 7, '2025-03-05T10:00:00.000Z', { ...rest, publishedAt: published_at }));
    expect(doc).toMatchObject({ slug: 'deed-theft', published_at: '2025-03-01T10:00:00.000Z' });
  });
});
