import type { Logger } from 'pino';
import { z } from 'zod';
import { parsePart, renderPart, type ParsedPart, type PartKind } from './engine.ts';
import { noTemplateOverrides, type TemplateOverrides } from './overrides.ts';
import { unsafeHtml, unsafeHtmlMessage } from './safe-html.ts';
import type { MessageTemplate, RenderedMessage, TemplateOverride } from './template.ts';

/** What is wrong with one part of a template (`subject`, `html`, `text`), in words an admin can act on. */
export interface PartProblem {
  part: PartKind;
  message: string;
}

/** A template that cannot render, unknown key or variables that do not fit; the message says which and why. */
export class TemplateError extends Error {
  /** The parts that failed, when the failure is in the template's text (an edit to refuse part by part). */
  readonly parts: readonly PartProblem[];
  constructor(message: string, parts: readonly PartProblem[] = []) {
    super(message);
    this.name = 'TemplateError';
    this.parts = parts;
  }
}

export interface TemplateRegistry {
  /** Every registered template, for the email-templates screen. */
  list(): readonly MessageTemplate[];
  get(key: string): MessageTemplate | undefined;
  /**
   * The template rendered with its sample data: with `override` when given (an edit to check before storing it),
   * else with the stored override if any. A part that cannot render, or HTML that would run anything for a mail
   * reader (`safe-html.ts`), throws a TemplateError naming it (`parts`).
   */
  preview(key: string, override?: TemplateOverride): Promise<RenderedMessage>;
  /**
   * Renders a message for sending. Unknown key or variables that do not fit throw a TemplateError (retrying cannot
   * help). A stored override that fails to render (or whose HTML is unsafe) is logged and the registered text is
   * used: an edit must never stop sign-in codes. An email's HTML comes inside the layout (`layout.ts`) when one is set.
   */
  render(key: string, variables: unknown): Promise<RenderedMessage>;
}

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

const partsOf = (template: MessageTemplate): PartKind[] => (template.channel === 'email' ? ['subject', 'html', 'text'] : ['text']);
const sourceOf = (template: MessageTemplate, kind: PartKind): string =>
  kind === 'text' ? template.text : template.channel === 'email' ? template[kind] : '';

const problem = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Entry {
  template: MessageTemplate;
  parsed: Partial<Record<PartKind, ParsedPart>>;
}

/**
 * The scope a template renders with: the variables as the schema parsed them, and every declared variable that was
 * left out (an optional one) as null, so `{{ device }}` of an absent device is empty and only undeclared names fail.
 */
const scopeOf = (template: MessageTemplate, variables: unknown): Record<string, unknown> => {
  const parsed = template.variables.safeParse(variables);
  if (!parsed.success) throw new TemplateError(`Template ${template.key}: the variables do not fit: ${z.prettifyError(parsed.error)}`);
  const scope: Record<string, unknown> = { ...parsed.data };
  for (const name of Object.keys(template.variables.shape)) if (scope[name] === undefined) scope[name] = null;
  return scope;
};

const listed = (failures: readonly PartProblem[]) => failures.map((f) => `${f.part}: ${f.message}`).join('; ');

const renderWith = (template: MessageTemplate, parts: Partial<Record<PartKind, ParsedPart>>, scope: Record<string, unknown>): RenderedMessage => {
  const out: Partial<Record<PartKind, string>> = {};
  const failures: PartProblem[] = [];
  for (const kind of partsOf(template)) {
    const parsed = parts[kind];
    if (!parsed) continue;
    try {
      out[kind] = renderPart(kind, parsed, scope);
    } catch (error) {
      failures.push({ part: kind, message: problem(error) });
    }
  }
  if (failures.length > 0) throw new TemplateError(`Template ${template.key} cannot render: ${listed(failures)}`, failures);
  return template.channel === 'email'
    ? { channel: 'email', subject: out.subject ?? '', html: out.html ?? '', text: out.text ?? '' }
    : { channel: 'sms', text: out.text ?? '' };
};

/** Parses each part of `override` (the registered part where the override has none). */
const partsWith = (entry: Entry, override: TemplateOverride): Partial<Record<PartKind, ParsedPart>> => {
  const parts: Partial<Record<PartKind, ParsedPart>> = {};
  const failures: PartProblem[] = [];
  for (const kind of partsOf(entry.template)) {
    const source = override[kind];
    if (source === undefined) {
      parts[kind] = entry.parsed[kind];
      continue;
    }
    try {
      parts[kind] = parsePart(kind, source);
    } catch (error) {
      failures.push({ part: kind, message: problem(error) });
    }
  }
  if (failures.length > 0) throw new TemplateError(`Template ${entry.template.key} cannot be parsed: ${listed(failures)}`, failures);
  return parts;
};

/** An override rendered, refusing HTML (its source or what it renders) that would run anything for a mail reader. */
const renderOverride = (entry: Entry, override: TemplateOverride, scope: Record<string, unknown>): RenderedMessage => {
  const rendered = renderWith(entry.template, partsWith(entry, override), scope);
  if (override.html !== undefined && rendered.channel === 'email') {
    const problems = unsafeHtml(override.html, rendered.html);
    if (problems.length > 0) {
      const message = unsafeHtmlMessage(problems);
      throw new TemplateError(`Template ${entry.template.key}: html: ${message}`, [{ part: 'html', message }]);
    }
  }
  return rendered;
};

/**
 * The one registry of message templates, built from every module's `templates` at start. Refuses, with every
 * problem named, a bad or repeated key, a sample that does not fit its variables, and a part that does not parse
 * or does not render its sample (an undeclared variable, an unknown filter).
 */
export const createTemplateRegistry = (
  templates: readonly MessageTemplate[],
  options: { overrides?: TemplateOverrides; log?: Logger; layout?: (body: string, subject: string) => string } = {},
): TemplateRegistry => {
  const overrides = options.overrides ?? noTemplateOverrides;
  const { layout } = options;
  const laidOut = (message: RenderedMessage): RenderedMessage =>
    layout && message.channel === 'email' ? { ...message, html: layout(message.html, message.subject) } : message;
  const entries = new Map<string, Entry>();
  const failures: string[] = [];
  for (const template of templates) {
    if (!KEY.test(template.key)) failures.push(`Template key "${template.key}" must be <module>.<name> in lowercase words with dashes.`);
    if (entries.has(template.key)) failures.push(`Template ${template.key} is registered twice.`);
    const entry: Entry = { template, parsed: {} };
    try {
      entry.parsed = partsWith(entry, Object.fromEntries(partsOf(template).map((kind) => [kind, sourceOf(template, kind)])));
      renderWith(template, entry.parsed, scopeOf(template, template.sample));
    } catch (error) {
      failures.push(problem(error));
    }
    entries.set(template.key, entry);
  }
  if (failures.length > 0) throw new TemplateError(`Message templates refused:\n- ${failures.join('\n- ')}`);

  const entryOf = (key: string): Entry => {
    const entry = entries.get(key);
    if (!entry) throw new TemplateError(`No message template is registered as ${key}.`);
    return entry;
  };

  return {
    list: () => [...entries.values()].map((entry) => entry.template),
    get: (key) => entries.get(key)?.template,
    async preview(key, override) {
      const entry = entryOf(key);
      const edit = override ?? (await overrides.find(key));
      const scope = scopeOf(entry.template, entry.template.sample);
      return laidOut(edit ? renderOverride(entry, edit, scope) : renderWith(entry.template, entry.parsed, scope));
    },
    async render(key, variables) {
      const entry = entryOf(key);
      const scope = scopeOf(entry.template, variables);
      const edit = await overrides.find(key);
      if (edit) {
        try {
          return laidOut(renderOverride(entry, edit, scope));
        } catch (error) {
          options.log?.error({ template: key, err: error }, 'edited message template cannot render: the registered one is used');
        }
      }
      return laidOut(renderWith(entry.template, entry.parsed, scope));
    },
  };
};
