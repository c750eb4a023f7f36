import type { TemplateVariable } from '@acpg/contracts/email-templates';
import type { z } from 'zod';
import type { MessageTemplate } from '../../../platform/templates/template.ts';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const NAMES: Record<string, string> = { array: 'list', tuple: 'list', record: 'object', enum: 'one of a set', literal: 'fixed text' };

/** The type an admin reads for a variable: its zod type without optional/nullable/default wrappers. */
const typeOf = (schema: z.ZodType): string => {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return NAMES[def.type] ?? def.type;
  }
  return 'unknown';
};

/** A template's variables from its zod object: name, type, whether it may be absent, its description and sample value. */
export const variablesOf = (template: MessageTemplate): TemplateVariable[] => {
  const sample = template.sample as Record<string, unknown>;
  return Object.entries(template.variables.shape as Record<string, z.ZodType>).map(([name, schema]) => ({
    name,
    type: typeOf(schema),
    optional: schema.safeParse(undefined).success,
    description: schema.description ?? null,
    sample: sample[name] ?? null,
  }));
};
