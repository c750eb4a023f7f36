/**
 * The server's entry (built by `vite build --ssr` into dist-ssr/): renders a public page to HTML for the api, which
 * sends it with the page's public data; the browser hydrates it (main.tsx). Components read public data only through
 * `usePublicResource`: a render records the reads it had no answer for, the api fetches them in-process and renders
 * again with them (`wanted` empty once the page has everything it asked for).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { createDOMRenderer, RendererProvider, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import type { Result } from './lib/http.ts';
import { AppProvider } from './app/provider.tsx';
import { routes, type RouteHandle } from './app/router.tsx';
import { BRAND } from './app/layouts/RootLayout.tsx';
import { APP_ROUTES } from './app/routes.ts';
import { PRELOAD_ELEMENT_ID, jsonForHtml } from './lib/preload.ts';

export type PreloadMap = Record<string, Result<unknown>>;

/**
 * Public screens the server renders. Left to the browser: the checkout, payment status and receipt (a visitor's own
 * purchase, read with their session or a token from the link), the invitation redirect, password reset and undo links
 * (tokens in the URL, nothing to index), and the Equity Protect search (a form over the visitor's address).
 */
const NOT_RENDERED = new Set([
  '/checkout',
  '/payment-status',
  '/nhd-receipt/:token',
  '/nhd-order',
  '/sign-up',
  '/authentication/forgot-password',
  '/authentication/reset-password',
  '/account/undo-change',
  '/equity-protect-property-search',
]);

export const SERVER_RENDERED_PATHS: readonly string[] = APP_ROUTES.filter((r) => r.access === 'public' && !NOT_RENDERED.has(r.path)).map((r) => r.path);
const serverRoutes = SERVER_RENDERED_PATHS.map((path) => ({ path }));

/** Whether the server renders this path (a public page's pattern; `/blogs/:slug` matches every post). */
export const rendersPath = (pathname: string): boolean => (matchRoutes(serverRoutes, pathname) ?? []).length > 0;

export interface RenderedPage {
  /** 200, or 404 for a path no route takes. */
  status: number;
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** `<title>`, `<meta>` and `<link>` the page rendered (React hoists them): they belong in `<head>`. */
  head: string;
  /** Griffel's style elements for the classes the render used. */
  styles: string;
  /** Public GETs (API paths with their query) the render asked for and had no answer for. */
  wanted: string[];
}

const handler = createStaticHandler(routes);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Hoistable elements React 19 emits ahead of the markup when it renders no `<html>`: moved to `<head>`. */
const HOISTED = /^(?:<(?:title|meta|link|base)\b[^>]*>(?:[^<]*<\/title>)?)+/;

/** Renders `url` (path and query) with `preload`'s answers. */
export async function render(url: string, preload: PreloadMap): Promise<RenderedPage> {
  const request = new Request(new URL(url, 'http://server.local'), { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`the route answered a redirect (${context.status}) for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderer = createDOMRenderer();
  const wanted = new Set<string>();
  // renderToString is synchronous: the globals belong to this render alone.
  globalThis.__ACPG_PRELOAD__ = preload;
  globalThis.__ACPG_SSR_WANTED__ = wanted;
  let markup: string;
  let styles: string;
  try {
    markup = renderToString(
      <RendererProvider renderer={renderer}>
        <SSRProvider>
          <AppProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </SSRProvider>
      </RendererProvider>,
    );
    styles = renderToString(<>{renderToStyleElements(renderer)}</>);
  } finally {
    globalThis.__ACPG_PRELOAD__ = undefined;
    globalThis.__ACPG_SSR_WANTED__ = undefined;
  }
  const hoisted = HOISTED.exec(markup)?.[0] ?? '';
  // A page that renders no <title> gets its route's, as RootLayout sets it in the browser (and keeps setting it: the
  // shell's mark, `data-shell`, says it is the route's).
  const routeTitle = [...context.matches].reverse().map((m) => (m.route.handle as RouteHandle | undefined)?.title).find(Boolean);
  const head = hoisted.includes('<title>') || !routeTitle ? hoisted : `<title data-shell>${escapeHtml(`${routeTitle} · ${BRAND}`)}</title>${hoisted}`;
  return { status: context.statusCode, html: markup.slice(hoisted.length), head, styles, wanted: [...wanted].filter((u) => !(u in preload)) };
}

/** The preload element for a page's answers. */
export const preloadElement = (preload: PreloadMap): string =>
  `<script type="application/json" id="${PRELOAD_ELEMENT_ID}">${jsonForHtml(preload)}</script>`;
