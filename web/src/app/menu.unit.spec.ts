import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

describe('side menus', () => {
  it('the member area has Help (the FAQ) and Contact (the contact page)', () => {
    const entries = menuFor('customer');
    expect(entries).toContainEqual({ label: 'Help', path: '/faq' });
    expect(entries).toContainEqual({ label: 'Contact', path: '/contact-us' });
  });

  it('the member’s Equity Protect entry carries the open alerts badge; no admin entry does', () => {
    expect(menuFor('customer').filter((e) => e.badge === 'open-alerts').map((e) => e.path)).toEqual(['/equity-protect-list']);
    expect(menuFor('super-admin').some((e) => e.badge)).toBe(false);
  });
});
