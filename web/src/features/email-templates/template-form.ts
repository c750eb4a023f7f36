import type { TemplateChannel, TemplateDetail, TemplatePart, TemplateParts, TemplateSummary } from '@acpg/contracts/email-templates';

/** The parts a channel has, in the editor's order. */
export const partsOfChannel = (channel: TemplateChannel): TemplatePart[] => (channel === 'email' ? ['subject', 'html', 'text'] : ['text']);

export const PART_LABELS: Record<TemplatePart, string> = { subject: 'Subject', html: 'HTML body', text: 'Text body' };

export type Draft = Record<TemplatePart, string>;

export const draftOf = (detail: TemplateDetail): Draft => ({
  subject: detail.current.subject ?? '',
  html: detail.current.html ?? '',
  text: detail.current.text ?? '',
});

/** What the editor sends: only the parts its channel has. */
export const partsToSend = (channel: TemplateChannel, draft: Draft): TemplateParts =>
  Object.fromEntries(partsOfChannel(channel).map((part) => [part, draft[part]]));

export const isDirty = (channel: TemplateChannel, draft: Draft, saved: Draft) => partsOfChannel(channel).some((part) => draft[part] !== saved[part]);

/** A server refusal's field errors by part (400 `errors: [{ path, message }]`). */
export const partErrorsOf = (body: unknown): Partial<Record<TemplatePart, string>> => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return {};
  const out: Partial<Record<TemplatePart, string>> = {};
  for (const e of errors as { path?: unknown; message?: unknown }[]) {
    if ((e.path === 'subject' || e.path === 'html' || e.path === 'text') && typeof e.message === 'string') out[e.path] = out[e.path] ? `${out[e.path]} ${e.message}` : e.message;
  }
  return out;
};

/** `source` with `insert` put in place of the selection [start, end); answers the text and where the caret goes. */
export const insertAt = (source: string, start: number, end: number, insert: string) => ({
  text: source.slice(0, start) + insert + source.slice(end),
  caret: start + insert.length,
});

export interface TemplateFilter {
  q: string;
  module: string;
  channel: '' | TemplateChannel;
}

/** The list as filtered: by module and channel, and by words in the key or the description (any case). */
export const filterTemplates = (items: readonly TemplateSummary[], filter: TemplateFilter): TemplateSummary[] => {
  const words = filter.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter(
    (item) =>
      (!filter.module || item.module === filter.module) &&
      (!filter.channel || item.channel === filter.channel) &&
      words.every((word) => `${item.key} ${item.description}`.toLowerCase().includes(word)),
  );
};
