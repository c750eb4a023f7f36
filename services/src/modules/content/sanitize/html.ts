import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML sanitizer of the content documents (sanitize-html: maintained, parses with htmlparser2 as a browser
 * would, allow-list based). Kept: p, h2-h4, ul/ol/li, a[href] (http, https, mailto, tel or a path in this site; given
 * rel="noopener"), strong/em/b/i/u, blockquote, br, hr, img[src, alt, srcset, sizes] with every URL one of our
 * uploaded images. Everything else is removed, a script's or a style's text too; `removed` says what went, in words.
 */
export const ALLOWED_TAGS = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'u', 'blockquote', 'br', 'hr', 'img'] as const;

/** An uploaded image's width (`/api/v1/cms/images/<id>/<width>.webp`), nothing else. */
const IMAGE_URL = /^\/api\/v1\/cms\/images\/img_[A-Za-z0-9_-]{8,64}\/\d{1,4}\.webp$/;
const LINK_SCHEME = /^(?:https?:|mailto:|tel:)/i;
/** A path in this site: one leading slash (never `//host` nor `/\host`, which browsers read as another site). */
const SITE_PATH = /^\/(?![/\\])/;
/** What browsers ignore inside a URL's scheme (tabs, new lines, control characters) and around it (spaces). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g;
const SIZES = /^[\w\s(),.:%/-]{0,300}$/;

export const isSafeHref = (href: string): boolean => {
  const url = href.replace(IGNORED_IN_URL, '');
  return url.length > 0 && url.length <= 2000 && (LINK_SCHEME.test(url) || SITE_PATH.test(url));
};
export const isContentImageUrl = (src: string): boolean => IMAGE_URL.test(src.trim());

export interface Sanitized {
  html: string;
  /** What was removed, one entry per kind ("<script> element", "onerror attribute of <img>"). */
  removed: string[];
}

/** Candidates of a srcset ("url 640w, url 1080w"), each kept only when its URL is one of our images. */
const safeSrcset = (srcset: string): string | null => {
  const kept = srcset
    .split(',')
    .map((candidate) => candidate.trim())
    .filter((candidate) => candidate.length > 0)
    .filter((candidate) => {
      const [url = '', descriptor = '', ...rest] = candidate.split(/\s+/);
      return rest.length === 0 && isContentImageUrl(url) && /^(?:\d{1,4}w|\d(?:\.\d+)?x)?$/.test(descriptor);
    });
  return kept.length > 0 ? kept.join(', ') : null;
};

export const sanitizeRichText = (input: string): Sanitized => {
  const removed = new Set<string>();
  const allowed = new Set<string>(ALLOWED_TAGS);
  const dropAttribute = (name: string, tag: string) => removed.add(`${name} attribute of <${tag}>`);
  const html = sanitizeHtml(input, {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'srcset', 'sizes'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: [] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Their text goes with them (a script's code, a style sheet), never shown as text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'noembed', 'noframes', 'svg', 'math', 'object'],
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
    onOpenTag: (tag, attributes) => {
      if (!allowed.has(tag)) {
        removed.add(`<${tag}> element`);
        return;
      }
      const keep = tag === 'a' ? ['href', 'rel'] : tag === 'img' ? ['src', 'alt', 'srcset', 'sizes'] : [];
      for (const name of Object.keys(attributes)) if (!keep.includes(name)) dropAttribute(name, tag);
    },
    transformTags: {
      a: (tag, attributes) => {
        const href = attributes.href;
        const kept: Record<string, string> = {};
        if (href !== undefined) {
          if (isSafeHref(href)) kept.href = href.trim();
          else removed.add(`link to "${href.slice(0, 60)}" (only http, https, mailto, tel and paths in this site)`);
        }
        kept.rel = 'noopener';
        return { tagName: tag, attribs: kept };
      },
      img: (tag, attributes) => {
        const kept: Record<string, string> = {};
        const { src, alt, srcset, sizes } = attributes;
        if (src !== undefined && isContentImageUrl(src)) kept.src = src.trim();
        if (alt !== undefined) kept.alt = alt;
        if (srcset !== undefined) {
          const safe = safeSrcset(srcset);
          if (safe) kept.srcset = safe;
          if (safe !== srcset.trim()) removed.add('srcset entries that are not uploaded images');
        }
        if (sizes !== undefined) {
          if (SIZES.test(sizes)) kept.sizes = sizes;
          else dropAttribute('sizes', 'img');
        }
        if (!kept.src) removed.add('image not uploaded here (only /api/v1/cms/images/...)');
        return { tagName: tag, attribs: kept };
      },
    },
    // An image whose source is not one of ours goes whole.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
  return { html, removed: [...removed] };
};
