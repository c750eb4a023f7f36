import { describe, expect, it } from 'vitest';
import { BlogPostSlug } from '@acpg/contracts/content-documents';
import { imageFileProblem, LINK_PATTERN, MAX_IMAGE_BYTES, slugFrom } from './content-rules.ts';

describe('content management input rules', () => {
  it('an image file is JPEG, PNG or WebP of at most 5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(imageFileProblem({ type: 'image/gif', size: 1000 })).toBe('Choose a JPEG, PNG or WebP image');
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('Choose a JPEG, PNG or WebP image');
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('Choose an image of 5 MB or less');
  });

  it('links go to web addresses, mail, phone or paths in this site; never script or another protocol', () => {
    for (const ok of ['https://example.com/a?b=c', 'http://x.test', 'mailto:help@example.test', 'tel:+1 (415) 555-0100', '/subscription-plan']) expect(LINK_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.test', 'ftp://x', 'https://a b', '']) expect(LINK_PATTERN.test(bad), bad).toBe(false);
  });

  it('a title becomes a valid blog slug', () => {
    expect(slugFrom('Spring Home Tips!')).toBe('spring-home-tips');
    expect(slugFrom('  Café & Co.  2026 ')).toBe('cafe-co-2026');
    expect(slugFrom('!!!')).toBe('');
    const long = slugFrom(`${'word '.repeat(40)}end`);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(BlogPostSlug.safeParse(long).success).toBe(true);
    expect(BlogPostSlug.safeParse(slugFrom('Ünïcödé Ünits')).success).toBe(true);
  });
});
