import { describe, expect, it } from 'vitest';
import { createTemplateRegistry } from '../platform/templates/registry.ts';
import { MODULES } from './modules.ts';

const templates = MODULES.flatMap((m) => m.templates ?? []);

describe('every registered message template', () => {
  const registry = createTemplateRegistry(templates);

  it('is registered under a key that starts with its module\'s name', () => {
    expect(templates.length).toBeGreaterThan(0);
    for (const module of MODULES) for (const t of module.templates ?? []) expect(t.key.startsWith(`${module.name}.`), t.key).toBe(true);
  });

  it.each(templates.map((t) => [t.key, t] as const))('%s renders its sample data', async (key, template) => {
    const rendered = await registry.preview(key);
    expect(rendered.channel).toBe(template.channel);
    expect(rendered.text.trim()).not.toBe('');
    expect(rendered.text).not.toMatch(/\{\{|\{%|undefined|\[object Object\]/);
    if (rendered.channel === 'email') {
      expect(rendered.subject.trim()).not.toBe('');
      expect(rendered.html).not.toMatch(/\{\{|\{%|undefined|\[object Object\]/);
    }
  });
});
