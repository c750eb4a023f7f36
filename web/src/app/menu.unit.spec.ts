import { describe, expect, it } from 'vitest';
import { ROLES } from '@acpg/contracts/role-names';
import { may } from '@acpg/contracts/role-permissions';
import { MENUS, menuFor } from './menu.ts';
import { APP_ROUTES } from './routes.ts';

const routeOf = (path: string) => APP_ROUTES.find((r) => r.path === path);

describe('side menus', () => {
  it('the member area has Help (the FAQ) and Contact (the contact page)', () => {
    const entries = menuFor(['Customer']);
    expect(entries).toContainEqual({ label: 'Help', path: '/faq', capability: 'account' });
    expect(entries).toContainEqual({ label: 'Contact', path: '/contact-us', capability: 'account' });
  });

  it('the member’s Equity Protect entry carries the open alerts badge; no admin entry does', () => {
    expect(menuFor(['Customer']).filter((e) => e.badge === 'open-alerts').map((e) => e.path)).toEqual(['/equity-protect-list']);
    expect(menuFor(['Super Admin']).some((e) => e.badge)).toBe(false);
  });
});

describe('every menu entry of every role opens (the role table)', () => {
  for (const role of ROLES) {
    it(`${role}: each entry's capability is the role's, and so is its screen's`, () => {
      const entries = menuFor([role]);
      expect(entries.length, role).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(may([role], entry.capability), `${role} ${entry.path} (${entry.capability})`).toBe(true);
        const route = routeOf(entry.path);
        expect(route, entry.path).toBeDefined();
        // The screen's own guard (SignedInLayout) lets the role in: no "Not available for your role" behind an entry.
        if (route?.capability) expect(may([role], route.capability), `${role} opens ${entry.path} (${route.capability})`).toBe(true);
      }
    });
  }

  it('an entry names the capability of its screen, so menu and route guard never disagree', () => {
    for (const entry of Object.values(MENUS).flat()) {
      const route = routeOf(entry.path);
      if (route?.access === 'protected') expect(route.capability, entry.path).toBe(entry.capability);
    }
  });

  it('member roles share the customer menu; an Admin gets the admin menu without plans, promo codes, email templates, accounts, events and operations', () => {
    const customer = menuFor(['Customer']).map((e) => e.path);
    for (const role of ['Agent', 'Broker', 'Owner', 'Professional', 'Service Provider', 'Sub User'] as const) expect(menuFor([role]).map((e) => e.path), role).toEqual(customer);
    const admin = menuFor(['Admin']).map((e) => e.path);
    const superAdmin = menuFor(['Super Admin']).map((e) => e.path);
    expect(superAdmin.filter((p) => !admin.includes(p)).sort()).toEqual(['/account-administration', '/email-templates', '/events', '/operations', '/plans', '/promocode']);
    expect(admin).toContain('/admin-dashboard');
    expect(MENUS.admin.find((e) => e.path === '/email-templates')?.capability).toBe('email-templates.manage');
    expect(may(['Admin'], 'email-templates.manage')).toBe(false);
  });
});
