import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import type { PublishBlogPostBody } from '@acpg/contracts/content';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../../../platform/http/domain-errors.ts';
import { decideBlog, evolveBlog, initialBlogState, type BlogEvent, type PublishBlogPost } from './decider.ts';

const post: PublishBlogPostBody = {
  slug: 'deed-theft-warning-signs',
  title: 'Deed theft: the warning signs',
  excerpt: 'What to watch for.',
  body: 'Mail about a loan you did not take out.',
  author: 'ACPG Team',
};
const publish = (data: PublishBlogPostBody, now = new Date('2025-03-01T10:00:00.000Z')): PublishBlogPost => ({
  type: 'PublishBlogPost',
  data,
  metadata: metaAt(now),
});
const given = (...events: BlogEvent[]) => events.reduce(evolveBlog, initialBlogState());
const published = (data: PublishBlogPostBody, published_at: string): BlogEvent => ({ type: 'BlogPostPublished', data: { ...data, published_at } });

describe('blog decider', () => {
  it('publishes a new post dated by the command time', () => {
    expect(decideBlog(publish(post), given())).toEqual([
      { type: 'BlogPostPublished', data: { ...post, published_at: '2025-03-01T10:00:00.000Z' } },
    ]);
  });

  it('keeps the first publication date when a revision is published', () => {
    const revised = { ...post, title: 'Deed theft: how it happens' };
    const events = decideBlog(publish(revised, new Date('2025-04-01T00:00:00.000Z')), given(published(post, '2025-03-01T10:00:00.000Z')));
    expect(events).toEqual([{ type: 'BlogPostPublished', data: { ...revised, published_at: '2025-03-01T10:00:00.000Z' } }]);
  });

  it('adds nothing when the same text is already live', () => {
    expect(decideBlog(publish(post, new Date('2025-04-01T00:00:00.000Z')), given(published(post, '2025-03-01T10:00:00.000Z')))).toEqual([]);
  });

  it('rejects a slug that is not URL-safe, naming the field', () => {
    let error: unknown;
    try {
      decideBlog(publish({ ...post, slug: 'Deed Theft!' }), given());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(DOMAIN_ERROR_STATUS[(error as DomainError).kind]).toBe(400);
    expect((error as DomainError).message).toBe('The blog post is not valid.');
    expect((error as DomainError).errors).toEqual([{ path: 'slug', message: 'Use lower-case letters, digits and single hyphens' }]);
    expect((error as DomainError).code).toBe('VALIDATION_FAILED');
  });

  it('rejects a post without a body', () => {
    expect(() => decideBlog(publish({ ...post, body: '' }), given())).toThrow('The blog post is not valid.');
  });
});

describe('blog evolve', () => {
  it('keeps the latest revision', () => {
    const revision = published({ ...post, excerpt: 'Revised.' }, '2025-03-01T10:00:00.000Z');
    expect(given(published(post, '2025-03-01T10:00:00.000Z'), revision)).toEqual({ post: revision.data });
  });
});
