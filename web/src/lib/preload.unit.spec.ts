import { afterEach, describe, expect, it } from 'vitest';
import { jsonForHtml, PRELOAD_ELEMENT_ID, readPreload } from './preload.ts';

afterEach(() => {
  globalThis.__ACPG_PRELOAD__ = undefined;
});

/** Just enough of a Document for readPreload. */
const doc = (text: string | null) => ({ getElementById: (id: string) => (id === PRELOAD_ELEMENT_ID && text !== null ? { textContent: text } : null) }) as unknown as Document;

describe('the preload element', () => {
  it('writes JSON that cannot close its element or open a comment, and reads back the same answers', () => {
    const answers = { '/cms/faq': { success: true, data: { items: [{ question: '</script><script>alert(1)</script> <!-- \u2028' }] } } };
    const text = jsonForHtml(answers);
    expect(text).not.toMatch(/<\/script|<!--|\u2028/i);
    readPreload(doc(text));
    expect(globalThis.__ACPG_PRELOAD__).toEqual(answers);
  });

  it('leaves no preload for a page without one, or with a damaged one (its reads are fetched instead)', () => {
    readPreload(doc(null));
    expect(globalThis.__ACPG_PRELOAD__).toBeUndefined();
    readPreload(doc('{"/cms/faq": {'));
    expect(globalThis.__ACPG_PRELOAD__).toBeUndefined();
  });
});
