import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';
import { variablesOf } from './variables.ts';

describe('a template\'s variables for the editor', () => {
  it('name each variable with its type, whether it may be left out, its description and its sample', () => {
    const template = defineEmailTemplate({
      key: 'test.vars',
      description: 'Variables',
      subject: 's',
      html: 'h',
      text: 't',
      variables: z.object({
        full_name: z.string().min(1).describe('The member\'s full name'),
        amount_cents: z.number().int(),
        device: z.string().optional(),
        lines: z.array(z.string()).default([]),
        when: z.iso.datetime().nullable(),
      }),
      sample: { full_name: 'Jane Doe', amount_cents: 2900, lines: ['a'], when: null },
    });
    expect(variablesOf(template)).toEqual([
      { name: 'full_name', type: 'string', optional: false, description: "The member's full name", sample: 'Jane Doe' },
      { name: 'amount_cents', type: 'number', optional: false, description: null, sample: 2900 },
      { name: 'device', type: 'string', optional: true, description: null, sample: null },
      { name: 'lines', type: 'list', optional: true, description: null, sample: ['a'] },
      { name: 'when', type: 'string', optional: false, description: null, sample: null },
    ]);
  });
});
