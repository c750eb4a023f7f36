import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '@acpg/contracts/email-templates';
import { filterTemplates, insertAt, isDirty, partErrorsOf, partsToSend } from './template-form.ts';

const row = (key: string, channel: 'email' | 'sms', description: string): TemplateSummary => ({
  key,
  module: key.split('.')[0]!,
  description,
  channel,
  edited: false,
  version: 0,
  updated_at: null,
  updated_by: null,
});
const items = [row('identity.sign-in-code', 'email', 'The code that finishes a sign-in'), row('identity.sign-in-code-sms', 'sms', 'The code by text'), row('payments.receipt', 'email', 'A receipt')];

describe('email template form', () => {
  it('filters by words in the key or description, module and channel', () => {
    expect(filterTemplates(items, { q: 'CODE sign', module: '', channel: '' }).map((i) => i.key)).toEqual(['identity.sign-in-code', 'identity.sign-in-code-sms']);
    expect(filterTemplates(items, { q: '', module: 'identity', channel: 'sms' }).map((i) => i.key)).toEqual(['identity.sign-in-code-sms']);
    expect(filterTemplates(items, { q: 'receipt', module: 'identity', channel: '' })).toEqual([]);
  });

  it('sends only the parts of the channel, and is dirty only when one of them changed', () => {
    const draft = { subject: 'S', html: '<p>H</p>', text: 'T' };
    expect(partsToSend('sms', draft)).toEqual({ text: 'T' });
    expect(partsToSend('email', draft)).toEqual(draft);
    expect(isDirty('sms', { ...draft, subject: 'changed' }, draft)).toBe(false);
    expect(isDirty('email', { ...draft, subject: 'changed' }, draft)).toBe(true);
  });

  it('reads the server errors by part and inserts a variable at the selection', () => {
    expect(partErrorsOf({ errors: [{ path: 'text', message: 'Text: undefined variable: nope' }, { path: 'x', message: 'ignored' }] })).toEqual({ text: 'Text: undefined variable: nope' });
    expect(partErrorsOf(null)).toEqual({});
    expect(insertAt('Hello !', 6, 6, '{{ name }}')).toEqual({ text: 'Hello {{ name }}!', caret: 16 });
    expect(insertAt('Hello XX!', 6, 8, '{{ name }}')).toEqual({ text: 'Hello {{ name }}!', caret: 16 });
  });
});
