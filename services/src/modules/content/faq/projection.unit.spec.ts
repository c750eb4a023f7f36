import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { faqProjection, toFaqItem } from './projection.ts';
import { storedEvent } from '../../../../test/stored-event.ts';

let version = 0;
const stored = (type: string, data: unknown, occurredAt = '2025-03-01T10:00:00.000Z'): StoredEvent => {
  version += 1;
  return storedEvent({ type, stream: 'content-faq', version, occurredAt, actor: 'seed', data });
};
const item = { item_id: 'a', question: 'What is NHD?', answer: 'A report.', position: 1 };

describe('FAQ projection', () => {
  it('creates one document per item, keyed by the item id', () => {
    const event = stored('FaqItemAdded', item);
    expect(faqProjection.documentId(event)).toBe('a');
    const doc = faqProjection.evolve(null, event);
    expect(doc).toEqual({ _id: 'a', id: 'a', question: 'What is NHD?', answer: 'A report.', position: 1, removed: false, updated_at: '2025-03-01T10:00:00.000Z' });
    expect(toFaqItem(doc!)).toEqual({ id: 'a', question: 'What is NHD?', answer: 'A report.', position: 1 });
  });

  it('replaces the item with its updated state', () => {
    const doc = faqProjection.evolve(null, stored('FaqItemAdded', item));
    const updated = faqProjection.evolve(doc, stored('FaqItemUpdated', { ...item, answer: 'A disclosure report.', position: 3 }, '2025-03-02T10:00:00.000Z'));
    expect(updated).toMatchObject({ _id: 'a', answer: 'A disclosure report.', position: 3, removed: false, updated_at: '2025-03-02T10:00:00.000Z' });
  });

  it('keeps a tombstone for a removed item', () => {
    const doc = faqProjection.evolve(null, stored('FaqItemAdded', item));
    const removed = stored('FaqItemRemoved', { item_id: 'a' }, '2025-03-03T10:00:00.000Z');
    expect(faqProjection.documentId(removed)).toBe('a');
    expect(faqProjection.evolve(doc, removed)).toEqual({ _id: 'a', id: 'a', removed: true, updated_at: '2025-03-03T10:00:00.000Z' });
  });

  it('leaves the document alone for an event it does not handle', () => {
    const doc = { _id: 'a' };
    expect(faqProjection.evolve(doc, stored('PageContentPublished', {}))).toBe(doc);
  });

  it('reads events stored before snake_case (itemId) as the same item', () => {
    const old = stored('FaqItemAdded', { itemId: 'b', question: 'Old question?', answer: 'Old.', position: 2 });
    expect(faqProjection.documentId(old)).toBe('b');
    expect(faqProjection.evolve(null, old)).toMatchObject({ _id: 'b', id: 'b', question: 'Old question?', position: 2 });
    const removed = stored('FaqItemRemoved', { itemId: 'b' });
    expect(faqProjection.evolve(null, removed)).toMatchObject({ _id: 'b', removed: true });
  });
});
