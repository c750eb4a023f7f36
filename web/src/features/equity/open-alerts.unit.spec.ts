import { describe, expect, it } from 'vitest';
import type { AlertView } from '@acpg/contracts/equity';
import { applyAlertPush, newlyRaised, openAlertsFrom, openCount } from './open-alerts.ts';

const alert = (id: string, over: Partial<AlertView> = {}): AlertView => ({
  alert_id: id,
  enrollment_id: 'e1',
  account_id: 'acct-1',
  property: { property_id: 'p1', address_line: '6718 Mission Way', city: 'Los Angeles', county: 'Los Angeles', state: 'CA', zip: '90001', apn: '0165-307-174' },
  recording: { document_number: `2026-${id}`, county: 'Los Angeles', apn: '0165-307-174', document_type: 'deed_of_trust', recorded_at: '2026-11-26', grantor: 'A', grantee: 'B', amount_cents: null },
  sample: false,
  status: 'new',
  raised_at: '2026-11-27T10:00:00.000Z',
  answered_at: null,
  case: null,
  updated_at: '2026-11-27T10:00:00.000Z',
  version: 1,
  position: 10,
  ...over,
});

describe('the member menu’s open alerts', () => {
  it('counts the alerts waiting for an answer, those beyond the read included', () => {
    expect(openCount(openAlertsFrom({ items: [alert('a'), alert('b')], total: 2 }))).toBe(2);
    expect(openCount(openAlertsFrom({ items: [alert('a')], total: 120 }))).toBe(120);
    expect(openCount(openAlertsFrom({ items: [], total: 0 }))).toBe(0);
  });

  it('follows pushes by version: a new alert counts, an answered one stops counting, an older push changes nothing', () => {
    const read = openAlertsFrom({ items: [alert('a')], total: 1 });
    const raised = applyAlertPush(read, alert('b', { position: 11 }));
    expect(openCount(raised)).toBe(2);
    const answered = applyAlertPush(raised, alert('a', { status: 'disputed', version: 2 }));
    expect(openCount(answered)).toBe(1);
    expect(applyAlertPush(answered, alert('a', { status: 'new', version: 1 }))).toBe(answered);
    expect(applyAlertPush(answered, alert('b', { position: 11 }))).toBe(answered);
  });

  it('names each alert raised since the last state once, never an answered one or one known before', () => {
    const read = openAlertsFrom({ items: [alert('a')], total: 1 });
    const raised = applyAlertPush(read, alert('b'));
    expect(newlyRaised(read, raised)).toEqual(['Deed of trust 2026-b on 6718 Mission Way']);
    expect(newlyRaised(raised, applyAlertPush(raised, alert('b', { status: 'confirmed', version: 2 })))).toEqual([]);
    expect(newlyRaised(read, applyAlertPush(read, alert('c', { status: 'confirmed' })))).toEqual([]);
  });
});
