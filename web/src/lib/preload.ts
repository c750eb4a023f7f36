/**
 * The element a server-rendered page carries its public data in: JSON, not a script that runs (the Content-Security-Policy
 * allows no inline script), read once into `window.__ACPG_PRELOAD__` before the first render (see public-resource.ts).
 */
export const PRELOAD_ELEMENT_ID = 'acpg-preload';

/** JSON that is safe inside a `<script type="application/json">` element: no `</script>`, no `<!--`. */
export const jsonForHtml = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Reads the page's preload element into `window.__ACPG_PRELOAD__` (nothing when the page came without one). */
export function readPreload(doc: Document): void {
  const text = doc.getElementById(PRELOAD_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    globalThis.__ACPG_PRELOAD__ = JSON.parse(text) as NonNullable<typeof globalThis.__ACPG_PRELOAD__>;
  } catch {
    // A damaged preload only costs the page its reads: they are fetched instead.
  }
}
