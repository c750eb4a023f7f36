/**
 * What in an email's HTML would run for a mail reader, in words an admin can act on: scripts, event handler attributes
 * (`onclick=`), `javascript:`/`vbscript:` URLs, embedded frames and objects, forms, and the tags that redirect or
 * rebase a page. Checked on an edit's source, on the source with its Liquid markup taken out (so `<scr{{ "" }}ipt>`
 * is seen), and on what it renders; empty when nothing is found. Conservative by design: an admin writing an email
 * has no need for any of these.
 */

const TAGS: readonly { tag: string; why: string }[] = [
  { tag: 'script', why: 'a <script> element' },
  { tag: 'iframe', why: 'an <iframe> element' },
  { tag: 'frame', why: 'a <frame> element' },
  { tag: 'frameset', why: 'a <frameset> element' },
  { tag: 'object', why: 'an <object> element' },
  { tag: 'embed', why: 'an <embed> element' },
  { tag: 'applet', why: 'an <applet> element' },
  { tag: 'form', why: 'a <form> element' },
  { tag: 'base', why: 'a <base> element' },
  { tag: 'meta', why: 'a <meta> element' },
  { tag: 'link', why: 'a <link> element' },
];

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', lpar: '(', rpar: ')', quot: '"', apos: "'", amp: '&', lt: '<', gt: '>' };

/** Character references decoded (`&#106;`, `&#x6A;`, `&colon;`), as a mail reader reads an attribute. */
const decodeEntities = (html: string): string =>
  html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16) || 0xfffd);
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10) || 0xfffd);
    return NAMED[ref.toLowerCase()] ?? whole;
  });

const withoutLiquid = (source: string) => source.replace(/\{%-?[\s\S]*?-?%\}|\{\{-?[\s\S]*?-?\}\}/g, '');

const findIn = (html: string): string[] => {
  const found: string[] = [];
  const lower = html.toLowerCase();
  for (const { tag, why } of TAGS) if (new RegExp(`<\\s*/?\\s*${tag}(?![a-z0-9-])`, 'i').test(lower)) found.push(why);
  const handler = /<[a-z][^>]*?[\s"'/]on([a-z]+)\s*=/i.exec(html);
  if (handler) found.push(`an event handler attribute (on${handler[1]?.toLowerCase()}=)`);
  // Whitespace and control characters inside a scheme are skipped by browsers: `java\tscript:`.
  const squeezed = [...decodeEntities(lower)].filter((c) => c.charCodeAt(0) > 0x20).join('');
  for (const scheme of ['javascript:', 'vbscript:', 'livescript:']) if (squeezed.includes(scheme)) found.push(`a ${scheme} URL`);
  if (/data:text\/html/.test(squeezed)) found.push('a data:text/html URL');
  if (/expression\(/.test(squeezed)) found.push('a CSS expression()');
  return found;
};

/** Every problem found in `source` and in `rendered` (when given), each named once. */
export const unsafeHtml = (source: string, rendered?: string): string[] => [
  ...new Set([...findIn(source), ...findIn(withoutLiquid(source)), ...(rendered === undefined ? [] : findIn(rendered))]),
];

export const unsafeHtmlMessage = (problems: readonly string[]): string =>
  `The HTML has ${problems.join(', ')}: nothing in an email may run for the reader. Take it out (links with https: or mailto: are fine).`;
