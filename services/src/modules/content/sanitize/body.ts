import type { FieldError } from '../../../platform/commands/domain-error.ts';
import { sanitizeRichText } from './html.ts';

/** Markup in a plain text field: a tag, a closing tag, a comment or a declaration ("<b", "</", "<!--", "<?"). */
const MARKUP = /<[A-Za-z/!?]/;
export const PLAIN_TEXT_MESSAGE = 'This field is plain text: remove the HTML tags (use the rich text fields for formatting).';

export interface CleanedBody {
  body: unknown;
  /** What the sanitizer removed, each prefixed by its field ("sections.0.body_html: <script> element"). */
  removed: string[];
  /** Plain text fields holding markup: refused, never stored. */
  errors: FieldError[];
}

/**
 * Walks a document's body: every `*_html` string is sanitized (`sanitizeRichText`), every other string is plain text
 * and may hold no markup, so no field of any document can carry HTML to a visitor but the sanitized ones.
 */
export const cleanBody = (body: unknown, pathPrefix = 'body'): CleanedBody => {
  const removed: string[] = [];
  const errors: FieldError[] = [];
  const walk = (value: unknown, path: string[], html: boolean): unknown => {
    if (typeof value === 'string') {
      const where = path.join('.');
      if (html) {
        const clean = sanitizeRichText(value);
        for (const what of clean.removed) removed.push(`${where}: ${what}`);
        return clean.html;
      }
      if (MARKUP.test(value)) errors.push({ path: [pathPrefix, ...path].filter(Boolean).join('.'), message: PLAIN_TEXT_MESSAGE });
      return value;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, String(index)], false));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key], key.endsWith('_html'))]));
    }
    return value;
  };
  return { body: walk(body, [], false), removed, errors };
};
