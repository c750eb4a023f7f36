import { describe, expect, it } from 'vitest';
import { cleanBody, PLAIN_TEXT_MESSAGE } from './body.ts';
import { isSafeHref, sanitizeRichText } from './html.ts';

const IMG = '/api/v1/cms/images/img_abcdefgh12345678/640.webp';
const clean = (html: string) => sanitizeRichText(html).html;

describe('sanitizeRichText: what it keeps', () => {
  it('keeps the allowed tags as they are', () => {
    const html = '<h2>A</h2><h3>B</h3><h4>C</h4><p><strong>s</strong><em>e</em><b>b</b><i>i</i><u>u</u><br /></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><hr />';
    expect(sanitizeRichText(html)).toEqual({ html, removed: [] });
  });

  it('keeps links to http, https, mailto, tel and site paths, each with rel="noopener"', () => {
    for (const href of ['https://example.org/a?b=1', 'http://example.org', 'mailto:help@acpg.test', 'tel:+14155550142', '/subscription-plan', '/blogs/a-post#top']) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe(`<a href="${href.replace('&', '&amp;')}" rel="noopener">x</a>`);
    }
  });

  it('keeps an uploaded image with its alt, srcset and sizes', () => {
    const html = `<img src="${IMG}" alt="Kitchen" srcset="${IMG} 640w, ${IMG.replace('640', '1080')} 1080w" sizes="(max-width: 600px) 100vw, 600px" />`;
    expect(sanitizeRichText(html)).toEqual({ html, removed: [] });
  });

  it('gives the same HTML when sanitized again (a saved draft saved again is the same draft)', () => {
    const once = clean(`<p>Hi <a href="/faq" target="_blank">FAQ</a><script>x</script></p><img src="${IMG}" onerror="x">`);
    expect(clean(once)).toBe(once);
  });
});

describe('sanitizeRichText: what it refuses', () => {
  const refused = (html: string) => sanitizeRichText(html);

  it('removes <script> and its code', () => {
    const out = refused('<p>Hi</p><script>alert(document.cookie)</script>');
    expect(out.html).toBe('<p>Hi</p>');
    expect(out.removed).toEqual(['<script> element']);
  });

  it('removes event handler attributes (onerror=, onclick=)', () => {
    const out = refused(`<img src="${IMG}" onerror="alert(1)"><p onclick="alert(2)">x</p>`);
    expect(out.html).toBe(`<img src="${IMG}" /><p>x</p>`);
    expect(out.removed).toEqual(['onerror attribute of <img>', 'onclick attribute of <p>']);
  });

  it('removes javascript: and data: URLs, also entity-encoded or split by control characters', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#115;cript:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)', ' javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:x', '//evil.example/x', '/\\evil.example', 'relative-path']) {
      const out = refused(`<a href="${href}">x</a>`);
      expect(out.html, href).toBe('<a rel="noopener">x</a>');
      expect(out.removed, href).toHaveLength(1);
    }
  });

  it('removes an image that is not one of ours (another site, data:, javascript:) and srcset entries that are not', () => {
    for (const src of ['https://evil.example/x.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '/api/v1/cms/images/../../x', '/api/v1/profile-photos/x/64']) {
      expect(clean(`<p>a<img src="${src}" alt="x">b</p>`), src).toBe('<p>ab</p>');
    }
    const out = refused(`<img src="${IMG}" srcset="${IMG} 640w, https://evil.example/x.webp 1080w, javascript:alert(1) 2x">`);
    expect(out.html).toBe(`<img src="${IMG}" srcset="${IMG} 640w" />`);
    expect(out.removed).toEqual(['srcset entries that are not uploaded images']);
  });

  it('removes <iframe>, <style>, <object>, <embed>, <form> and <svg> with a script inside, with what they hold', () => {
    const out = refused('<iframe src="https://evil.example"></iframe><style>p{background:url(javascript:x)}</style><svg><script>alert(1)</script><circle onload="x"/></svg><object data="x"></object><embed src="x"><form action="/x"><input name="a"></form><p>kept</p>');
    expect(out.html).toBe('<p>kept</p>');
    expect(out.removed).toEqual(expect.arrayContaining(['<iframe> element', '<style> element', '<svg> element', '<script> element', '<object> element', '<embed> element', '<form> element', '<input> element']));
  });

  it('defeats nested tricks: tags split by a removed tag, comments, unclosed tags, encoded brackets', () => {
    expect(clean('<scr<script>x</script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(clean('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
    expect(clean('<!--<script>alert(1)</script>-->')).toBe('');
    expect(clean('<p>x<img src=x onerror=alert(1)//')).not.toMatch(/onerror|<img/i);
    expect(clean('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(clean('<a href="/ok" style="x" class="y" id="z">a</a>')).toBe('<a href="/ok" rel="noopener">a</a>');
    expect(clean('<p><math><mi xlink:href="javascript:alert(1)">x</mi></math></p>')).toBe('<p></p>');
    expect(clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>')).not.toMatch(/onerror/);
  });
});

describe('isSafeHref', () => {
  it('answers for the schemes and paths it allows only', () => {
    expect(isSafeHref('/x')).toBe(true);
    expect(isSafeHref('java\tscript:alert(1)')).toBe(false);
    expect(isSafeHref('')).toBe(false);
  });
});

describe('cleanBody', () => {
  it('sanitizes every *_html field, nested in lists too, and says where it removed what', () => {
    const out = cleanBody({ title: 'T', sections: [{ heading: 'H', body_html: '<p>a</p><script>x</script>' }], answer_html: '<p onclick="x">b</p>' });
    expect(out.body).toEqual({ title: 'T', sections: [{ heading: 'H', body_html: '<p>a</p>' }], answer_html: '<p>b</p>' });
    expect(out.removed).toEqual(['sections.0.body_html: <script> element', 'answer_html: onclick attribute of <p>']);
    expect(out.errors).toEqual([]);
  });

  it('refuses markup in plain text fields (they are text: no field smuggles HTML) and lets "<" in words through', () => {
    const out = cleanBody({ title: '<img src=x onerror=alert(1)>', items: [{ question: 'Why </p>?' }, { question: 'Fees < $10 and 3<4' }], note: '<!-- x -->' });
    expect(out.errors).toEqual([
      { path: 'body.title', message: PLAIN_TEXT_MESSAGE },
      { path: 'body.items.0.question', message: PLAIN_TEXT_MESSAGE },
      { path: 'body.note', message: PLAIN_TEXT_MESSAGE },
    ]);
  });
});
