import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

describe('side menus', () => {
  it('the member area has Help (the FAQ) and Contact (the contact page)', () => {
    const entries = menuFor('customer');
    expect(entries).toContainEqual({ label: 'Help', path: '/faq' });
    expect(entries).toContainEqual({ label: 'Contact', path: '/contact-us' });
  });
});
