import { describe, expect, it } from 'vitest';
import { rangeDays, rangeId } from './range.ts';
import { tileLinks } from './links.ts';

describe('the dashboard range', () => {
  it('reads the URL value, today otherwise', () => {
    expect(rangeId('7d')).toBe('7d');
    expect(rangeId('30d')).toBe('30d');
    expect(rangeId('year')).toBe('today');
    expect(rangeId(null)).toBe('today');
  });

  it('ends on the UTC day of now and spans its days, both ends included', () => {
    const now = new Date('2026-03-01T23:30:00.000Z');
    expect(rangeDays('today', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeDays('7d', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(rangeDays('30d', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
});

describe('the tiles’ links', () => {
  const range = { from: '2026-11-01', to: '2026-11-07' };
  it('an admin’s open the admin lists, filtered as the tile counts', () => {
    const links = tileLinks('admin', range);
    expect(links.membershipsActive).toBe('/admin-memberships?status=active');
    expect(links.membershipsNew).toBe('/admin-memberships?from=2026-11-01&to=2026-11-07');
    expect(links.orders('report_ready')).toBe('/admin-nhd-order-list?status=report_ready');
    expect(links.claimsWaiting).toBe('/admin-property-reimbursement?status=submitted');
    expect(links.fraudCasesOpen).toBe('/admin-equity-protect?status=disputed#alerts');
    expect(links.revenue).toBe('/admin-payments?from=2026-11-01&to=2026-11-07');
    expect(links.interactions).toBe('/user-interaction?from=2026-11-01&to=2026-11-07');
  });

  it('a Provider Admin’s open the scoped lists of its menu, and none it may not open', () => {
    const links = tileLinks('provider', range);
    expect(links.orders('placed')).toBe('/nhd-order-list?status=placed');
    expect(links.claimsWaiting).toBe('/property-reimbursement?status=submitted');
    expect(links.alertsNew).toBe('/admin-equity-protect?status=new#alerts');
    expect([links.membershipsActive, links.revenue, links.interactions]).toEqual([null, null, null]);
  });
});
