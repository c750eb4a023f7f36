import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.ts';

describe('fieldErrorsOf', () => {
  it('puts each error on its form field, renamed where the form calls it otherwise, first message first', () => {
    const errors = [
      { path: 'documents.1.data', message: 'The file must be a JPEG, PNG or WebP image or a PDF.' },
      { path: 'amount_cents', message: 'The amount is at least $0.01' },
      { path: 'documents', message: 'second' },
      { path: 'expense_date', message: 'The expense date is in the future.' },
    ];
    expect(fieldErrorsOf<'documents' | 'amount' | 'expense_date'>(errors, { amount_cents: 'amount' })).toEqual({
      documents: 'The file must be a JPEG, PNG or WebP image or a PDF.',
      amount: 'The amount is at least $0.01',
      expense_date: 'The expense date is in the future.',
    });
    expect(fieldErrorsOf([{ path: '', message: 'whole body' }])).toEqual({});
  });
});
