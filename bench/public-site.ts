import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot, startScript, type Started } from './processes.ts';

/**
 * The public site as a phone sees it (issue 22): each public page opened in Chromium at 375 px with the CPU slowed
 * 4x (CDP), from a fresh context (nothing cached), on the app as `npm start` runs it (embedded, the built web app).
 * Prints per page the median of the trials: LCP, FCP, requests, JS files, and JS bytes (compressed body, as sent)
 * received before the first paint and in all. With `--baseline-dist <dir>` (a web build made before a change, e.g.
 * `git stash; npx vite build --outDir /tmp/base`), the same pages on that build in the same run, side by side.
 *
 * `npm run bench:public-site [-- --trials 5 --pages /,/faq --baseline-dist /tmp/base]`, or `npm run bench -- --only public-site`.
 */
export const PUBLIC_PAGES = ['/', '/about-us', '/services-page', '/faq', '/blogs', '/contact-us', '/privacy-policy', '/subscription-plan'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WIDTH = 375;
const HEIGHT = 812;
const CPU_SLOWDOWN = 4;

export interface PageFigures {
  page: string;
  lcpMs: number;
  fcpMs: number;
  requests: number;
  jsFiles: number;
  jsBytesBeforePaint: number;
  jsBytes: number;
  jsFilesBeforePaint: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One visit: the figures the browser reports once the page is quiet. */
const visit = async (browser: Browser, base: string, path: string): Promise<PageFigures> => {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let requests = 0;
  page.on('request', () => requests++);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  const figures = await page.evaluate(
    () =>
      new Promise<{ lcp: number; fcp: number; js: { end: number; start: number; bytes: number }[] }>((done) => {
        const lcps: number[] = [];
        new PerformanceObserver((list) => lcps.push(...list.getEntries().map((e) => e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname))
            .map((r) => ({ start: r.startTime, end: r.responseEnd, bytes: r.encodedBodySize }));
          done({ lcp: lcps.at(-1) ?? NaN, fcp, js });
        }, 200);
      }),
  );
  await context.close();
  const before = figures.js.filter((r) => r.end <= figures.fcp);
  return {
    page: path,
    lcpMs: Math.round(figures.lcp),
    fcpMs: Math.round(figures.fcp),
    requests,
    jsFiles: figures.js.length,
    jsFilesBeforePaint: before.length,
    jsBytesBeforePaint: before.reduce((n, r) => n + r.bytes, 0),
    jsBytes: figures.js.reduce((n, r) => n + r.bytes, 0),
  };
};

const startApp = async (webDist: string): Promise<Started & { dataDir: string }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-public-'));
  const app = await startScript(join(repoRoot, 'services/src/main.ts'), { DATA_DIR: dataDir, WEB_DIST_DIR: webDist, LOG_LEVEL: 'warn' });
  return { ...app, dataDir };
};

/** Measures `pages` on the build at `webDist`, `trials` visits each (after one warm-up visit to fill the server's caches). */
export const measureBuild = async (webDist: string, pages: readonly string[], trials: number): Promise<PageFigures[]> => {
  const app = await startApp(webDist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  try {
    const base = `http://127.0.0.1:${app.port}`;
    const out: PageFigures[] = [];
    for (const path of pages) {
      await visit(browser, base, path);
      const runs: PageFigures[] = [];
      for (let i = 0; i < trials; i++) runs.push(await visit(browser, base, path));
      const pick = (k: keyof Omit<PageFigures, 'page'>) => median(runs.map((r) => r[k]));
      out.push({
        page: path,
        lcpMs: pick('lcpMs'),
        fcpMs: pick('fcpMs'),
        requests: pick('requests'),
        jsFiles: pick('jsFiles'),
        jsFilesBeforePaint: pick('jsFilesBeforePaint'),
        jsBytesBeforePaint: pick('jsBytesBeforePaint'),
        jsBytes: pick('jsBytes'),
      });
    }
    return out;
  } finally {
    await browser.close();
    await app.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const HEADER = 'build     | page                | LCP ms | FCP ms | requests | JS files (before paint) | JS before paint | JS in all';
const line = (build: string, f: PageFigures) =>
  `${build.padEnd(9)} | ${f.page.padEnd(19)} | ${String(f.lcpMs).padStart(6)} | ${String(f.fcpMs).padStart(6)} | ${String(f.requests).padStart(8)} | ${`${f.jsFiles} (${f.jsFilesBeforePaint})`.padStart(23)} | ${kb(f.jsBytesBeforePaint).padStart(15)} | ${kb(f.jsBytes).padStart(9)}`;

export const printPublicSiteBench = async (options: { trials: number; pages: readonly string[]; baselineDist?: string | undefined }): Promise<void> => {
  const webDist = resolve(repoRoot, 'web/dist');
  if (!existsSync(join(webDist, 'index.html'))) throw new Error('no web build: run "npm run build" first');
  console.log(`\nPublic pages at ${WIDTH} px, CPU ${CPU_SLOWDOWN}x slower (CDP), cold cache, loopback; median of ${options.trials} visits per page`);
  console.log('goal on /: LCP under 1000 ms, at most 100 KB of JS before the first paint');
  const current = await measureBuild(webDist, options.pages, options.trials);
  const baseline = options.baselineDist ? await measureBuild(resolve(options.baselineDist), options.pages, options.trials) : undefined;
  console.log(HEADER);
  for (const f of current) {
    const b = baseline?.find((x) => x.page === f.page);
    if (b) console.log(line('baseline', b));
    console.log(line('this', f));
  }
  if (baseline) {
    const home = current.find((f) => f.page === '/');
    const base = baseline.find((f) => f.page === '/');
    if (home && base) {
      console.log(`ratio LCP on / (this / baseline): ${(home.lcpMs / Math.max(base.lcpMs, 1)).toFixed(2)}`);
      console.log(`ratio JS before first paint on / (this / baseline): ${(home.jsBytesBeforePaint / Math.max(base.jsBytesBeforePaint, 1)).toFixed(2)}`);
    }
  }
};

if (import.meta.main) {
  const { values } = parseArgs({
    options: { trials: { type: 'string', default: '3' }, pages: { type: 'string', default: PUBLIC_PAGES.join(',') }, 'baseline-dist': { type: 'string' } },
  });
  await printPublicSiteBench({ trials: Number(values.trials), pages: values.pages.split(','), baselineDist: values['baseline-dist'] });
}
