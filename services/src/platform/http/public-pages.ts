import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Server rendering of the public pages (issue 22): the web's SSR build (`web/dist-ssr/entry-server.js`, made by
 * `npm run build` beside `web/dist`) renders a public page with the public data its components read, fetched in
 * process; the page is sent as HTML with that data (`<script type="application/json" id="acpg-preload">`), and the
 * browser hydrates it. Anything going wrong (no SSR build, a render that throws or takes too long) serves the plain
 * app shell: a visitor never gets a 500 from here.
 */

/** A public GET's answer as the web's `http.get` gives it (`Result<T>` of web/src/lib/http.ts). */
export type PublicAnswer = { success: true; data: unknown; message?: string } | { success: false; message: string; data: unknown; status?: number };
export type Preload = Record<string, PublicAnswer>;

/** What web/src/entry-server.tsx exports (checked when it is loaded). */
export interface SsrEntry {
  render(url: string, preload: Preload): Promise<{ status: number; html: string; head: string; styles: string; wanted: string[] }>;
  rendersPath(pathname: string): boolean;
  preloadElement(preload: Preload): string;
  SERVER_RENDERED_PATHS: readonly string[];
}

/** The SSR build that belongs with the web build at `webRoot` (`<webRoot>-ssr/entry-server.js`), if there is one. */
export const ssrEntryFile = (webRoot: string): string => `${webRoot}-ssr/entry-server.js`;

export const loadSsrEntry = async (file: string): Promise<SsrEntry | undefined> => {
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as Partial<SsrEntry>;
  if (typeof entry.render !== 'function' || typeof entry.rendersPath !== 'function' || typeof entry.preloadElement !== 'function' || !Array.isArray(entry.SERVER_RENDERED_PATHS)) {
    throw new Error(`${file} is not the web's SSR entry (render, rendersPath, preloadElement, SERVER_RENDERED_PATHS)`);
  }
  return entry as SsrEntry;
};

/** How many rendered pages are kept (each reused while the public reads it was rendered from answer the same). */
const PAGE_CACHE_ENTRIES = 200;
/** A render (data included) that takes longer is abandoned for the app shell. */
export const RENDER_DEADLINE_MS = 3_000;
/** Rounds of render → fetch what the page asked for → render again (a read that depends on another's answer). */
const MAX_ROUNDS = 4;

/** The shell's `<title>` and description are replaced by the page's own when it renders them. */
const TITLE = /<title\b[^>]*>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

/** The page in the shell: its head elements and styles in `<head>`, its markup in #root, its data beside it. */
export const composePage = (shell: string, page: { html: string; head: string; styles: string }, preloadElement: string): string => {
  let out = shell;
  if (TITLE.test(page.head)) out = out.replace(TITLE, '');
  if (DESCRIPTION.test(page.head)) out = out.replace(DESCRIPTION, '');
  out = out.replace('</head>', () => `${page.head}${page.styles}</head>`);
  return out.replace(ROOT, () => `<div id="root">${page.html}</div>${preloadElement}`);
};

export interface PublicPages {
  /** Loads the SSR build ahead of the first visitor (when the app is ready). */
  warm(): Promise<void>;
  /** The page's HTML, or undefined when the app shell should be sent (not a server-rendered path, or it failed). */
  html(url: string): Promise<string | undefined>;
}

export interface PublicPagesOptions {
  entryFile: string;
  indexHtml: string;
  /** A public GET of the API (path under /api/v1, with its query), answered in process. */
  fetchPublic: (url: string) => Promise<PublicAnswer>;
  log: FastifyBaseLogger;
}

const withDeadline = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export const publicPages = ({ entryFile, indexHtml, fetchPublic, log }: PublicPagesOptions): PublicPages => {
  let entry: Promise<SsrEntry | undefined> | undefined;
  const loaded = () =>
    (entry ??= loadSsrEntry(entryFile).catch((error: unknown) => {
      log.error({ err: error, entryFile }, 'the SSR build could not be loaded: public pages are sent as the app shell');
      return undefined;
    }));
  /**
   * A page is reused while the reads it was rendered from answer the same (they are read again, in process, for each
   * visitor: cheap beside a render), so a publication shows to the next visitor, never a stale page.
   */
  const cache = new Map<string, { html: string; data: string }>();
  const inFlight = new Map<string, Promise<string | undefined>>();

  const fetchAll = async (urls: readonly string[], into: Preload): Promise<void> => {
    const answers = await Promise.all(urls.map(async (u) => [u, await fetchPublic(u)] as const));
    for (const [u, answer] of answers) {
      // An outage is not the page's answer: the shell is sent, and the browser reads (and retries) itself.
      if (!answer.success && (answer.status === undefined || answer.status >= 500)) throw new Error(`${u} answered ${answer.status ?? 'nothing'}: ${answer.message}`);
      into[u] = answer;
    }
  };

  /** The page, from the cache when the reads it was last rendered from still answer the same. */
  const pageFor = async (ssr: SsrEntry, url: string): Promise<string | undefined> => {
    const last = cache.get(url);
    const preload: Preload = {};
    if (last) {
      await fetchAll(Object.keys(JSON.parse(last.data) as Preload), preload);
      if (JSON.stringify(preload) === last.data) return last.html;
    }
    const html = await renderPage(ssr, url, preload);
    if (html !== undefined) {
      cache.delete(url);
      if (cache.size >= PAGE_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(url, { html, data: JSON.stringify(preload) });
    }
    return html;
  };

  const renderPage = async (ssr: SsrEntry, url: string, preload: Preload): Promise<string | undefined> => {
    for (let round = 0; ; round++) {
      const page = await ssr.render(url, preload);
      if (page.status !== 200) return undefined;
      if (page.wanted.length === 0 || round === MAX_ROUNDS - 1) {
        return composePage(readFileSync(indexHtml, 'utf8'), page, ssr.preloadElement(preload));
      }
      await fetchAll(page.wanted, preload);
    }
  };

  return {
    async warm() {
      await loaded();
    },
    async html(url) {
      const pathname = url.split('?')[0] ?? '/';
      // A draft preview is the signed-in editor's own view, rendered in the browser with their session.
      if (pathname.startsWith('//') || new URLSearchParams(url.slice(pathname.length)).has('preview')) return undefined;
      const ssr = await loaded();
      if (!ssr?.rendersPath(pathname)) return undefined;
      const running = inFlight.get(url);
      if (running) return running;
      const work = withDeadline(pageFor(ssr, url), RENDER_DEADLINE_MS)
        .catch((error: unknown) => {
          log.warn({ err: error, url }, 'a public page could not be rendered: sending the app shell');
          return undefined;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, work);
      return work;
    },
  };
};
