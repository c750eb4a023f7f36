import { describe, expect, it } from 'vitest';
import { routePathForm } from './track.ts';

describe('page names are recorded in the route path form', () => {
  it('brings every spelling of a page to its route path', () => {
    const spellings: [spelling: string, path: string][] = [
      ['user-interaction', '/user-interaction'],
      ['/user-interaction', '/user-interaction'],
      ['/faq/', '/faq'],
      ['/blogs?page=2#top', '/blogs'],
      ['/', '/'],
      ['', '/'],
    ];
    for (const [spelling, path] of spellings) expect(routePathForm(spelling), spelling).toBe(path);
  });
});
