import { foldStream } from '../../../platform/commands/handle-command.ts';
import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import type { ContactDetails } from '@acpg/contracts/content';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { contactPageDecider, 
  
  decideContactPage,
  evolveContactPage,
  initialContactPageState,
  type ContactPageEvent,
} from './decider.ts';

const now = new Date('2025-03-04T05:06:07.000Z');
const details: ContactDetails = { phone: '+1 800 555 0100', email: 'help@example.com', address: '1 Main Street, Fresno, CA', hours: 'Mon-Fri 9-5' };
const other: ContactDetails = { ...details, phone: '+1 800 555 0199' };

/** given events / when command / then events */
const given = (...events: ContactPageEvent[]) => events.reduce(evolveContactPage, initialContactPageState());
const updated = (d: ContactDetails, at = '2025-01-01T00:00:00.000Z'): ContactPageEvent => ({ type: 'ContactDetailsUpdated', data: { ...d, updated_at: at } });

describe('contact page decider', () => {
  it('given no details, UpdateContactDetails records them with the time from the metadata', () => {
    expect(decideContactPage({ type: 'UpdateContactDetails', data: details, metadata: metaAt(now) }, given())).toEqual([
      { type: 'ContactDetailsUpdated', data: { ...details, updated_at: '2025-03-04T05:06:07.000Z' } },
    ]);
  });

  it('given details, different ones replace them', () => {
    expect(decideContactPage({ type: 'UpdateContactDetails', data: other, metadata: metaAt(now) }, given(updated(details)))).toEqual([
      { type: 'ContactDetailsUpdated', data: { ...other, updated_at: now.toISOString() } },
    ]);
  });

  it('given the same details, saving them again records nothing', () => {
    expect(decideContactPage({ type: 'UpdateContactDetails', data: { ...details }, metadata: metaAt(now) }, given(updated(details)))).toEqual([]);
  });

  it('given details that were changed back, the latest event wins', () => {
    const state = given(updated(details), updated(other, '2025-02-01T00:00:00.000Z'));
    expect(state).toEqual({ details: other, updatedAt: '2025-02-01T00:00:00.000Z' });
    expect(decideContactPage({ type: 'UpdateContactDetails', data: details, metadata: metaAt(now) }, state)).toHaveLength(1);
  });

  it('keeps only the contact fields of an event in the state', () => {
    const event = { type: 'ContactDetailsUpdated', data: { ...details, updated_at: 'x', extra: 1 } } as unknown as ContactPageEvent;
    expect(given(event).details).toEqual(details);
  });

  it('folds a stream, ignoring event types it does not know', () => {
    const stored = (type: string, data: unknown, version: number): StoredEvent => ({
      id: `e${version}`, type, stream: 'content-contact-page', version, position: version, occurredAt: now.toISOString(),
      actor: null, correlationId: 'c', causationId: null, schemaVersion: 1, data,
    });
    const state = foldStream(contactPageDecider, [
      stored('ContactDetailsUpdated', { ...details, updated_at: 'a' }, 1),
      stored('SomethingElse', {}, 2),
      stored('ContactDetailsUpdated', { ...other, updated_at: 'b' }, 3),
    ]);
    expect(state).toEqual({ details: other, updatedAt: 'b' });
  });
});
