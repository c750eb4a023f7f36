import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { CONTACT_PAGE_STREAM } from './decider.ts';
import { CONTACT_PAGE_DOC_ID, contactPageProjection, toContactDetails } from './projection.ts';

const details = { phone: '+1 (800) 555-0100', email: 'support@example.com', address: '100 Example Street, Los Angeles', hours: 'Weekdays 9 to 5' };
const updated = (version: number, occurredAt: string, data: object, stream = CONTACT_PAGE_STREAM): StoredEvent =>
  storedEvent({ type: 'ContactDetailsUpdated', stream, version, occurredAt, data: { ...data, updated_at: occurredAt } });

describe('contact page projection', () => {
  it('given nothing, when ContactDetailsUpdated, then the one document holds the details, dated by the event', () => {
    const event = updated(1, '2025-03-01T10:00:00.000Z', details);
    expect(contactPageProjection.documentId(event)).toBe(CONTACT_PAGE_DOC_ID);
    const doc = contactPageProjection.evolve(null, event);
    expect(doc).toEqual({ _id: CONTACT_PAGE_DOC_ID, ...details, updated_at: '2025-03-01T10:00:00.000Z' });
    expect(toContactDetails(doc!)).toEqual(details);
  });

  it('given details, when they are updated again, then the document holds the newest ones', () => {
    const first = contactPageProjection.evolve(null, updated(1, '2025-03-01T10:00:00.000Z', details));
    const next = contactPageProjection.evolve(first, updated(2, '2025-03-02T10:00:00.000Z', { ...details, hours: 'Every day 8 to 8' }));
    expect(next).toEqual({ _id: CONTACT_PAGE_DOC_ID, ...details, hours: 'Every day 8 to 8', updated_at: '2025-03-02T10:00:00.000Z' });
  });

  it('ignores the same event type from another stream (no document id: the store skips it)', () => {
    const foreign = updated(1, '2025-03-01T10:00:00.000Z', details, 'content-contact-page-copy');
    expect(contactPageProjection.documentId(foreign)).toBeNull();
    const doc = { _id: CONTACT_PAGE_DOC_ID, ...details, updated_at: '2025-01-01T00:00:00.000Z' };
    expect(contactPageProjection.evolve(doc, foreign)).toBe(doc);
  });

  it('ignores event types it does not handle', () => {
    const other = storedEvent({ type: 'PageContentPublished', stream: CONTACT_PAGE_STREAM, data: {} });
    expect(contactPageProjection.handles).toEqual(['ContactDetailsUpdated']);
    expect(contactPageProjection.documentId(other)).toBeNull();
  });

  it('is deterministic: the same event gives the same bytes (replay)', () => {
    const event = updated(1, '2025-03-01T10:00:00.000Z', details);
    expect(JSON.stringify(contactPageProjection.evolve(null, event))).toBe(JSON.stringify(contactPageProjection.evolve(null, event)));
  });
});
