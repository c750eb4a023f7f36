import type { TemplateOverride } from './template.ts';

/**
 * Where edited templates are kept (the notifications module's read model, `storedTemplateOverrides`, edited on the
 * email-templates screen). Looked up by key at every render, so an edit applies to the next message without a restart.
 */
export interface TemplateOverrides {
  find(key: string): Promise<TemplateOverride | null>;
}

/** No edits stored: every message renders from its registered template. */
export const noTemplateOverrides: TemplateOverrides = { find: async () => null };
