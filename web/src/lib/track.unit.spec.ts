import { describe, expect, it } from 'vitest';
import { routePathForm } from './track.ts';

describe('page names are recorded in the route path form', () => {
  it('brings every spelling of a page to its route path', () => {
    expect(routePathForm('user-interaction')).toBe('/user-interaction');
    expect(routePathForm('/user-interaction')).toBe('/user-interaction');
    expect(routePathForm('/faq/')).toBe('/faq');
    expect(routePathForm('/blogs?page=2#top')).toBe('/blogs');
    expect(routePathForm('/')).toBe('/');
    expect(routePathForm('')).toBe('/');
  });
});
