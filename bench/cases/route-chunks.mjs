import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, checkBuilt } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { webDist } from '../lib/paths.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { formatKb } from '../lib/stats.mjs';
import { chartOnlyChunks, editorOnlyChunks, gzipSize } from '../lib/web-chunks.mjs';

// The rich text editor loads only on the screens that use it. Signed in with Chromium, each
// screen is opened on its own (a fresh browser context, so nothing is cached) and every JavaScript
// response is gzipped at level 9. A route's chunks are the files it loads that the shell (the home
// screen, opened the same way) did not: what navigating there from home costs. Target: every
// route chunk ≤ 100 kB, so the figure is the largest of them; their sum is printed beside it. On the
// screens with the editor (/news/create, /news/{slug}, /page/{id}) the editor's own chunk is reported
// apart, with no target; on any other screen an editor chunk fails the case.
// A screen that is not there yet (the 404 page, or an error instead of the screen) reads "not built".
// The home page itself (issue 20, decision 030) is measured at 375 px, where its widgets stack and the
// chart of news per month starts below the first screen: its files minus the shell's (those both
// /account and /news load), target ≤ 60 kB; the chart's chunks (publications-chart-*.js and what only
// they load: PrimeReact's Chart, Chart.js) must not load until that widget is scrolled into view,
// and must then; they are reported apart, with no target.

export const name = 'route-chunks';
export const engines = 'once';

const TARGET_BYTES = 100_000;
const HOME_TARGET_BYTES = 60_000;
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/**
 * @typedef {{ url: string, raw: number, gzip: number }} Script
 * @typedef {{ scripts: Script[], state: 'ok' | 'not built' | 'no editor', message?: string, later?: Script[] }} Visit
 */

/**
 * Opens `target` in a fresh context with the signed-in cookies, waits until the screen is there and
 * the network is quiet, and returns every JavaScript file it received.
 * @param {import('playwright-core').Browser} browser
 * @param {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>} storageState
 * @param {string} target
 * With `scrollTo`, the files received until then are `scripts`, and those received after that element
 * was scrolled into view (until its `shows` selector appears and the network is quiet) are `later`.
 * @param {{ editor?: boolean, viewport?: { width: number, height: number }, scrollTo?: { selector: string, shows: string } }} options
 * @returns {Promise<Visit>}
 */
async function visit(
  browser,
  storageState,
  target,
  { editor = false, viewport = { width: 1280, height: 900 }, scrollTo } = {},
) {
  const context = await browser.newContext({ storageState, viewport });
  /** @type {Script[]} */
  const scripts = [];
  /** @type {Promise<unknown>[]} */
  const pending = [];
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        pending.push(
          response.body().then(
            (body) =>
              scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body) }),
            () => {},
          ),
        );
      }
    });
    await page.goto(target, { waitUntil: 'load', timeout: 30_000 });
    // The screen's heading, or the error page's (404 for a path no route takes).
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    const pathname = new URL(page.url()).pathname;
    if (pathname.startsWith('/auth/'))
      throw new Error(`${target} sent the browser to ${pathname}: not signed in`);
    const errorStatus = page.locator('main h1.error-status');
    if (await errorStatus.count()) {
      const status = (await errorStatus.textContent())?.trim();
      const description = (await page.locator('.error-description').first().textContent())?.trim();
      return { scripts, state: 'not built', message: `${status}: ${description}` };
    }
    let state = /** @type {Visit['state']} */ ('ok');
    if (editor) {
      // The editable area TipTap renders once its chunk has loaded.
      const shown = await page
        .locator('.ProseMirror')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(
          () => true,
          () => false,
        );
      if (!shown) state = 'no editor';
    }
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
    await Promise.all(pending);
    const unique = (/** @type {Script[]} */ list) => [...new Map(list.map((s) => [s.url, s])).values()];
    if (scrollTo) {
      const before = scripts.splice(0);
      const element = page.locator(scrollTo.selector).first();
      await element.scrollIntoViewIfNeeded({ timeout: 15_000 });
      await element.locator(scrollTo.shows).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 20_000 });
      await Promise.all(pending);
      return { scripts: unique(before), later: unique(scripts), state };
    }
    return {
      scripts: unique(scripts),
      state,
      ...(state === 'no editor' ? { message: 'the rich text editor did not show within 30 s' } : {}),
    };
  } finally {
    await Promise.allSettled(pending);
    await context.close();
  }
}

/**
 * Creates a news item through the API with the bench administrator's session; returns its slug and
 * how to delete it, or null where the API has no news area.
 * @param {string} baseUrl
 * @param {Record<string, string>} headers
 * @param {Record<string, unknown>} body
 */
async function createNews(baseUrl, headers, body) {
  const created = await fetch(`${baseUrl}/api/news?lang=es`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const createdText = await created.text();
  if (created.status === 404) return null;
  if (created.status !== 201) {
    throw new Error(`POST /api/news answered ${created.status}: ${createdText.slice(0, 300)}`);
  }
  const record = /** @type {{ data: { slug: string } }} */ (JSON.parse(createdText)).data;
  return {
    slug: record.slug,
    remove: async () => {
      const response = await fetch(`${baseUrl}/api/news/${record.slug}?lang=es`, {
        method: 'DELETE',
        headers,
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
    },
  };
}

/**
 * A news item to open at /news/{slug} (deleted afterwards), a published one for the home page's chart
 * (deleted afterwards) and a page to open at /page/{id} (a seeded legal page), through the API as the
 * bench administrator. Null where the API has no such area.
 * @param {string} baseUrl
 */
async function editorTargets(baseUrl) {
  const jar = await signIn(baseUrl, BENCH_ADMIN);
  const headers = browserHeaders(baseUrl, jar);
  const news = await createNews(baseUrl, headers, {
    title: 'Presentación del programa de fiestas',
    excerpt: 'El programa incluye conciertos, teatro de calle y actividades para toda la familia.',
    body: '<p>La concejala de Cultura presentó <strong>el programa de fiestas</strong> en el salón de plenos.</p><p>Puede consultarlo en <a href="https://example.org/fiestas">la web municipal</a>.</p>',
  });
  const published = await createNews(baseUrl, headers, {
    title: 'Abre la nueva sala de estudio de la biblioteca',
    status: 'published',
  });
  const pages = await fetch(`${baseUrl}/api/pages?per_page=1&lang=es`, {
    headers,
    signal: AbortSignal.timeout(15_000),
  });
  const pagesText = await pages.text();
  const pagesBody = /** @type {{ data?: Array<{ id: number }> }} */ (
    pages.status === 200 ? JSON.parse(pagesText) : {}
  );
  return { news, published, pageId: pagesBody.data?.[0]?.id ?? null };
}

/** @param {Script[]} scripts */
const sum = (scripts) => scripts.reduce((total, s) => total + s.gzip, 0);

/** @param {Script} s */
const fileLine = (s) => `${formatKb(s.gzip).padStart(9)} gzip  ${formatKb(s.raw).padStart(9)} raw  ${s.url}`;

/**
 * The home page's own JavaScript at 375 px: what it loads beyond the shell (the files both /account
 * and /news load), and the chart's chunks, which must come only once its widget is scrolled to.
 * @param {{ browser: import('playwright-core').Browser, storageState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>, url: string, isChart: (s: Script) => boolean, log: (line: string) => void }} options
 * @returns {Promise<import('../lib/report.mjs').Result>}
 */
async function measureHome({ browser, storageState, url, isChart, log }) {
  const viewport = { width: 375, height: 812 };
  const account = await visit(browser, storageState, `${url}/account`, { viewport });
  const list = await visit(browser, storageState, `${url}/news`, { viewport });
  const listFiles = new Set(list.scripts.map((s) => s.url));
  const shellFiles = new Set(account.scripts.filter((s) => listFiles.has(s.url)).map((s) => s.url));
  const home = await visit(browser, storageState, `${url}/`, {
    viewport,
    scrollTo: { selector: '[data-widget="publications"]', shows: 'canvas' },
  });
  const own = home.scripts.filter((s) => !shellFiles.has(s.url)).sort((a, b) => b.gzip - a.gzip);
  const early = home.scripts.filter(isChart);
  const chart = (home.later ?? []).filter(isChart);
  const ownBytes = sum(own.filter((s) => !isChart(s)));
  const chartBytes = sum(chart);
  log(`/ (home, 375 px): ${formatKb(ownBytes)} beyond the shell; chart ${formatKb(chartBytes)} on scrolling`);
  return {
    measurement: 'Home page JS beyond the shell at 375 px, gzip -9 (chart apart)',
    engine: '—',
    figure: `${formatKb(ownBytes)} + chart ${formatKb(chartBytes)} on scrolling`,
    baseline: `shell ${formatKb(sum(home.scripts.filter((s) => shellFiles.has(s.url))))} (what /account and /news both load)`,
    ratio: null,
    target: `≤ ${formatKb(HOME_TARGET_BYTES)}; the chart only once scrolled to`,
    met: home.state === 'ok' && ownBytes <= HOME_TARGET_BYTES && early.length === 0 && chart.length > 0,
    data: {
      homeGzipBytes: ownBytes,
      chartGzipBytes: chartBytes,
      chartBeforeScrolling: early.map((s) => s.url),
      files: own,
      chartFiles: chart,
    },
    notes: [
      ...(early.length ? ['the chart was loaded before its widget was scrolled to'] : []),
      ...(chart.length ? [] : ['no chart chunk was loaded after scrolling']),
      ...own.map(fileLine),
      ...chart.map((s) => `${fileLine(s)}  (chart, on scrolling)`),
    ],
  };
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, chromiumPath, log }) {
  checkBuilt({ withWeb: true });
  if (!existsSync(chromiumPath)) {
    throw new Error(`No se encuentra Chromium en ${chromiumPath}. Instale Chromium o indique CHROMIUM_PATH`);
  }
  const editorFiles = await editorOnlyChunks(webDist);
  if (!editorFiles.size) log('the build has no rich-text-editor chunk');
  /** @param {Script} s */
  const isEditor = (s) => editorFiles.has(path.basename(s.url));
  const chartFiles = await chartOnlyChunks(webDist);
  if (!chartFiles.size) log('the build has no publications-chart chunk');
  /** @param {Script} s */
  const isChart = (s) => chartFiles.has(path.basename(s.url));

  const targets = await editorTargets(server.url);
  const removeNews = targets.news ? onCleanup(targets.news.remove) : async () => {};
  const removePublished = targets.published ? onCleanup(targets.published.remove) : async () => {};

  const browser = await chromium.launch({ executablePath: chromiumPath, args: LAUNCH_ARGS, timeout: 30_000 });
  const closeBrowser = onCleanup(() => browser.close());
  /** @type {import('../lib/report.mjs').Result[]} */
  const results = [];
  try {
    // Sign in through the form, as a person does; every screen then opens with those cookies.
    const signInContext = await browser.newContext();
    const loginPage = await signInContext.newPage();
    await loginPage.goto(`${server.url}/auth/login`, { waitUntil: 'load', timeout: 30_000 });
    await loginPage.locator('#email').fill(BENCH_ADMIN.email, { timeout: 15_000 });
    await loginPage.locator('#password').fill(BENCH_ADMIN.password);
    await loginPage.getByRole('button', { name: 'Acceder', exact: true }).click();
    await loginPage.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const storageState = await signInContext.storageState();
    await signInContext.close();

    const opened = await visit(browser, storageState, `${server.url}/`);
    if (opened.state !== 'ok') throw new Error(`the home screen did not open: ${opened.message}`);
    // The home page's chart (when on the first screen at this size) is no part of what routes add to.
    const shell = { ...opened, scripts: opened.scripts.filter((s) => !isChart(s)) };
    const shellFiles = new Set(shell.scripts.map((s) => s.url));
    const shellBytes = sum(shell.scripts);
    log(`shell (home): ${formatKb(shellBytes)} in ${shell.scripts.length} files`);

    const routes = [
      { route: '/news', target: '/news' },
      { route: '/news/create', target: '/news/create', editor: true },
      {
        route: '/news/{slug}',
        target: targets.news ? `/news/${targets.news.slug}` : null,
        editor: true,
      },
      { route: '/page', target: '/page' },
      { route: '/page/{id}', target: targets.pageId ? `/page/${targets.pageId}` : null, editor: true },
      { route: '/slide', target: '/slide' },
      { route: '/slide/create', target: '/slide/create' },
      { route: '/category', target: '/category' },
      { route: '/multimedia', target: '/multimedia' },
      { route: '/entity', target: '/entity' },
      { route: '/entity/create', target: '/entity/create' },
      { route: '/space', target: '/space' },
      { route: '/space/create', target: '/space/create' },
      { route: '/test', target: '/test' },
      { route: '/test/create', target: '/test/create' },
      { route: '/role', target: '/role' },
      { route: '/user', target: '/user' },
    ];
    for (const { route, target, editor = false } of routes) {
      const measurement = `Route chunks, gzip -9: ${route}${editor ? ' (editor apart)' : ''}`;
      const opened = target
        ? await visit(browser, storageState, `${server.url}${target}`, { editor })
        : /** @type {Visit} */ ({
            scripts: [],
            state: 'not built',
            message: 'no record to open (the API has none)',
          });
      if (opened.state === 'not built') {
        log(`${route}: not built (${opened.message})`);
        results.push({
          measurement,
          engine: '—',
          figure: 'not built',
          baseline: `shell ${formatKb(shellBytes)}`,
          ratio: null,
          target: editor ? `≤ ${formatKb(TARGET_BYTES)} without the editor` : `≤ ${formatKb(TARGET_BYTES)}`,
          met: null,
          data: { route, target, state: opened.state, message: opened.message },
          notes: [`${target ?? route}: ${opened.message}`],
        });
        continue;
      }
      const own = opened.scripts.filter((s) => !shellFiles.has(s.url)).sort((a, b) => b.gzip - a.gzip);
      const editorPart = own.filter(isEditor);
      const routePart = own.filter((s) => !isEditor(s));
      const routeBytes = sum(routePart);
      const editorBytes = sum(editorPart);
      const totalBytes = sum(opened.scripts);
      log(
        `${route}: ${formatKb(routeBytes)} in ${routePart.length} files${editor ? `, editor ${formatKb(editorBytes)}` : ''}; ${formatKb(totalBytes)} in all when opened directly`,
      );
      const notes = [
        ...(opened.message ? [opened.message] : []),
        ...(editor && !editorPart.length ? ['no editor chunk was loaded'] : []),
        ...(!editor && editorPart.length
          ? ['the editor chunk was loaded on a screen without the editor']
          : []),
        ...routePart.map(fileLine),
        ...editorPart.map((s) => `${fileLine(s)}  (editor)`),
      ];
      const largest = routePart[0]?.gzip ?? 0;
      results.push({
        measurement,
        engine: '—',
        figure: editor
          ? `largest ${formatKb(largest)} + editor ${formatKb(editorBytes)}`
          : `largest ${formatKb(largest)}`,
        baseline: `${routePart.length} chunks, ${formatKb(routeBytes)} beyond the shell (${formatKb(shellBytes)})`,
        ratio: null,
        target: `each chunk ≤ ${formatKb(TARGET_BYTES)}${editor ? ' (editor apart)' : ''}`,
        // The editor on a screen that should not have it fails the route.
        met: largest <= TARGET_BYTES && (editor || editorBytes === 0) && opened.state === 'ok',
        data: {
          route,
          target,
          state: opened.state,
          routeGzipBytes: routeBytes,
          largestChunkGzipBytes: largest,
          editorGzipBytes: editorBytes,
          totalGzipBytes: totalBytes,
          shellGzipBytes: shellBytes,
          files: own,
        },
        notes,
      });
    }
    results.push(await measureHome({ browser, storageState, url: server.url, isChart, log }));
    results.unshift({
      measurement: 'Shell JS (home, what the routes add to), gzip -9',
      engine: '—',
      figure: `${formatKb(shellBytes)} (${shell.scripts.length} files)`,
      baseline: '—',
      ratio: null,
      target: 'none (reference)',
      met: true,
      data: { files: shell.scripts },
      notes: shell.scripts.sort((a, b) => b.gzip - a.gzip).map(fileLine),
    });
  } finally {
    await closeBrowser();
    await removeNews();
    await removePublished();
  }
  return results;
}
