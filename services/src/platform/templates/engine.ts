import { Liquid, type Template } from 'liquidjs';
import { registerFormatFilters } from './filters.ts';

/**
 * LiquidJS, set up for templates that admins edit: no code runs (Liquid has no eval), no file is read (includes
 * resolve against an empty in-memory map), only a template's own data is visible (no prototype properties), an
 * undeclared variable or unknown filter is an error, and parse and render time are bounded.
 */
const options = {
  strictVariables: true,
  strictFilters: true,
  // `{% if device %}` is how a template tests an optional variable; it must not count as a missing one.
  lenientIf: true,
  ownPropertyOnly: true,
  templates: {},
  cache: false,
  parseLimit: 100_000,
  renderLimit: 1000,
  memoryLimit: 10_000_000,
} as const;

/** HTML parts: every `{{ }}` output is escaped, so a name like `<b>Jane</b>` shows as typed. */
const html = new Liquid({ ...options, outputEscape: 'escape' });
const plain = new Liquid(options);
for (const engine of [html, plain]) registerFormatFilters(engine); // dates in a zone, money (filters.ts)

export type PartKind = 'subject' | 'html' | 'text';

const engineFor = (kind: PartKind) => (kind === 'html' ? html : plain);

export type ParsedPart = Template[];

export const parsePart = (kind: PartKind, source: string): ParsedPart => engineFor(kind).parse(source);

export const renderPart = (kind: PartKind, parsed: ParsedPart, scope: Record<string, unknown>): string => {
  const out = String(engineFor(kind).renderSync(parsed, scope));
  // A subject is one header line.
  return kind === 'subject' ? out.replace(/\s*[\r\n]+\s*/g, ' ').trim() : out;
};
