import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../../../platform/http/domain-errors.ts';
import { decideFaq, evolveFaq, initialFaqState, type FaqCommand, type FaqEvent } from './decider.ts';

const now = new Date('2025-03-01T10:00:00.000Z');
const given = (...events: FaqEvent[]) => events.reduce(evolveFaq, initialFaqState());
const added = (itemId: string, position: number, question = `Question number ${position}?`): FaqEvent => ({
  type: 'FaqItemAdded',
  data: { item_id: itemId, question, answer: `Answer ${position}.`, position },
});
const add = (itemId: string, data: { question: string; answer: string; position?: number }): FaqCommand => ({
  type: 'AddFaqItem',
  data: { ...data, item_id: itemId },
  metadata: metaAt(now),
});
const update = (itemId: string, changes: { question?: string; answer?: string; position?: number }): FaqCommand => ({
  type: 'UpdateFaqItem',
  data: { item_id: itemId, ...changes },
  metadata: metaAt(now),
});
const remove = (itemId: string): FaqCommand => ({ type: 'RemoveFaqItem', data: { item_id: itemId }, metadata: metaAt(now) });

const rejection = (attempt: () => unknown): DomainError => {
  try {
    attempt();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the command to be rejected');
};

describe('FAQ decider: AddFaqItem', () => {
  it('adds the first item at position 1 with the id from the metadata', () => {
    expect(decideFaq(add('a', { question: 'What is NHD?', answer: 'A report.' }), given())).toEqual([
      { type: 'FaqItemAdded', data: { item_id: 'a', question: 'What is NHD?', answer: 'A report.', position: 1 } },
    ]);
  });

  it('places an item without a position after the last one', () => {
    const [event] = decideFaq(add('c', { question: 'Third question?', answer: 'Yes.' }), given(added('a', 1), added('b', 4)));
    expect(event?.data).toMatchObject({ item_id: 'c', position: 5 });
  });

  it('keeps an explicit position', () => {
    const [event] = decideFaq(add('c', { question: 'Pinned question?', answer: 'Yes.', position: 2 }), given(added('a', 1)));
    expect(event?.data).toMatchObject({ position: 2 });
  });

  it('rejects a blank answer with a message naming the field', () => {
    const error = rejection(() => decideFaq(add('a', { question: 'What is NHD?', answer: '  ' }), given()));
    expect(DOMAIN_ERROR_STATUS[error.kind]).toBe(400);
    expect(error.message).toBe('The FAQ item is not valid.');
    expect(error.errors).toEqual([{ path: 'answer', message: 'Enter an answer' }]);
  });

  it('rejects a position that is not a positive whole number', () => {
    const error = rejection(() => decideFaq(add('a', { question: 'What is NHD?', answer: 'A report.', position: 0 }), given()));
    expect(error.errors?.[0]?.path).toBe('position');
  });

  it('refuses to reuse an id, even of a removed item', () => {
    const state = given(added('a', 1), { type: 'FaqItemRemoved', data: { item_id: 'a' } });
    expect(() => decideFaq(add('a', { question: 'Again this one?', answer: 'No.' }), state)).toThrow('This FAQ item already exists.');
  });
});

describe('FAQ decider: UpdateFaqItem', () => {
  it('records the full item after a partial change', () => {
    expect(decideFaq(update('a', { answer: 'A clearer answer.' }), given(added('a', 1)))).toEqual([
      { type: 'FaqItemUpdated', data: { item_id: 'a', question: 'Question number 1?', answer: 'A clearer answer.', position: 1 } },
    ]);
  });

  it('adds nothing when the values are unchanged', () => {
    expect(decideFaq(update('a', { position: 1 }), given(added('a', 1)))).toEqual([]);
  });

  it('rejects a change with no field to change', () => {
    const error = rejection(() => decideFaq(update('a', {}), given(added('a', 1))));
    expect(DOMAIN_ERROR_STATUS[error.kind]).toBe(400);
    expect(error.errors?.[0]?.message).toBe('Change the question, the answer or the position');
  });

  it('answers not found for an unknown or removed item', () => {
    expect(rejection(() => decideFaq(update('x', { answer: 'New.' }), given(added('a', 1)))).kind).toBe('not_found');
    const removed = given(added('a', 1), { type: 'FaqItemRemoved', data: { item_id: 'a' } });
    expect(rejection(() => decideFaq(update('a', { answer: 'New.' }), removed)).message).toBe('FAQ item not found.');
  });
});

describe('FAQ decider: RemoveFaqItem', () => {
  it('removes a live item', () => {
    expect(decideFaq(remove('a'), given(added('a', 1)))).toEqual([{ type: 'FaqItemRemoved', data: { item_id: 'a' } }]);
  });

  it('answers not found for an item removed already', () => {
    const state = given(added('a', 1), { type: 'FaqItemRemoved', data: { item_id: 'a' } });
    expect(rejection(() => decideFaq(remove('a'), state)).kind).toBe('not_found');
  });
});

describe('FAQ evolve', () => {
  it('adds, updates and removes items, remembering every id used', () => {
    const state = given(
      added('a', 1),
      added('b', 2),
      { type: 'FaqItemUpdated', data: { item_id: 'b', question: 'Changed question?', answer: 'Changed.', position: 1 } },
      { type: 'FaqItemRemoved', data: { item_id: 'a' } },
    );
    expect(state).toEqual({
      items: { b: { question: 'Changed question?', answer: 'Changed.', position: 1 } },
      usedIds: ['a', 'b'],
    });
  });
});
