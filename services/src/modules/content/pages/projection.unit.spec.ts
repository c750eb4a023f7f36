import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { pageContentProjection, toPageContent } from './projection.ts';
import { storedEvent } from '../../../../test/stored-event.ts';

const stored = (version: number, occurredAt: string, data: unknown): StoredEvent =>
  storedEvent({ id: `e${version}`, type: 'PageContentPublished', stream: 'content-page-home', version, position: version + 10, occurredAt, actor: 'seed', data });
const home = { slug: 'home', title: 'Home', intro: 'Welcome.', sections: [{ heading: 'Memberships', body: 'Plans.' }] };

describe('page content projection', () => {
  it('files the page under its slug, dated by the event', () => {
    const event = stored(1, '2025-03-01T10:00:00.000Z', home);
    expect(pageContentProjection.documentId(event)).toBe('home');
    const doc = pageContentProjection.evolve(null, event);
    expect(doc).toEqual({ _id: 'home', ...home, updated_at: '2025-03-01T10:00:00.000Z' });
    expect(toPageContent(doc!)).toEqual({ ...home, updated_at: '2025-03-01T10:00:00.000Z' });
  });

  it('replaces the content with the next publication', () => {
    const first = pageContentProjection.evolve(null, stored(1, '2025-03-01T10:00:00.000Z', home));
    const next = pageContentProjection.evolve(first, stored(2, '2025-03-02T09:00:00.000Z', { ...home, title: 'Welcome home', sections: [] }));
    expect(next).toEqual({ _id: 'home', ...home, title: 'Welcome home', sections: [], updated_at: '2025-03-02T09:00:00.000Z' });
  });

  it('is deterministic: the same events give the same document', () => {
    const event = stored(1, '2025-03-01T10:00:00.000Z', home);
    expect(JSON.stringify(pageContentProjection.evolve(null, event))).toBe(JSON.stringify(pageContentProjection.evolve(null, event)));
  });

  it('leaves the document alone for an event it does not handle', () => {
    const doc = { _id: 'home', title: 'x' };
    expect(pageContentProjection.evolve(doc, { ...stored(2, '2025-03-01T10:00:00.000Z', {}), type: 'SomethingElse' })).toBe(doc);
  });
});
